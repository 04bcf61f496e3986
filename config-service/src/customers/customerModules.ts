import { EventEmitter } from 'node:events';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import type { ServedManifests } from '../releases/servedManifests.ts';
import type {
  Actor,
  Customer,
  CustomerRecord,
  CustomerStore,
  CustomerWriteResult,
  ModuleSwitch,
  SwitchChange,
  SwitchWriteResult,
} from '../store/customerStore.ts';
import { StoreUnavailableError } from '../store/storeUnavailable.ts';

/** A module's switch for a customer as the API shows it. */
export interface CustomerModule extends ModuleSwitch {
  key: string;
}

export interface CustomerWithModules extends CustomerRecord {
  modules: CustomerModule[];
}

/** A customer as the operators' list shows it: how many of the registered modules are on, not each switch. */
export interface CustomerSummary extends Customer {
  modulesOn: number;
  modulesTotal: number;
}

/** What a module is for a customer that has never had it set: the manifest's `enabledForNewCustomers`. */
function defaultEnabled(set: ManifestSet, key: string): boolean {
  return set.modules.get(key)?.exposure?.enabledForNewCustomers ?? true;
}

/** A customer the store does not hold has no switches set: every module follows its default. */
const NO_SWITCHES: ReadonlyMap<string, ModuleSwitch> = new Map();

/**
 * Customers' module switches as the service uses them: read through a per-customer cache that every
 * write, on any replica, clears by a database notification; defaults from the manifests for modules a
 * customer has never had set. Emits 'change' for each write so open pages can be told.
 */
export class CustomerModules extends EventEmitter<{ change: [SwitchChange]; missed: [] }> {
  #cache = new Map<string, Promise<Map<string, ModuleSwitch>>>();
  /**
   * Customers the store holds, as far as this replica has seen: only theirs are kept in the caches
   * below, so a name made up in a request (X-Customer-Id, a preview's claims) adds nothing that stays.
   * Customers are never deleted, so a customer once known stays known.
   */
  readonly #known = new Set<string>();
  /** What each read in #cache gave, once it has: read without waiting by knownEnabledFor. */
  #settled = new WeakMap<Promise<Map<string, ModuleSwitch>>, Map<string, ModuleSwitch>>();
  /** Each customer's switches as last read: what manifests are built from while the database is down. */
  #lastRead = new Map<string, Map<string, ModuleSwitch>>();
  #unlisten: (() => Promise<void>) | undefined;
  /** What enabledFor made of each switches read, for the manifest set it was made with. */
  #enabled = new WeakMap<ReadonlyMap<string, ModuleSwitch>, { set: object; enabled: Readonly<Record<string, boolean>> }>();

  private constructor(
    readonly store: CustomerStore,
    private readonly manifests: Pick<ServedManifests, 'current'>,
  ) {
    super();
    // Every open event stream listens; hundreds are normal, not a leak.
    this.setMaxListeners(0);
  }

  /** Starts listening before the first read, so no change between the two can be missed. */
  static async open(store: CustomerStore, manifests: Pick<ServedManifests, 'current'>): Promise<CustomerModules> {
    const modules = new CustomerModules(store, manifests);
    modules.#unlisten = await store.onChange(
      (change) => {
        modules.#known.add(change.customerId);
        modules.#cache.delete(change.customerId);
        modules.emit('change', change);
      },
      () => {
        // The listening connection was lost: anything may have changed meanwhile.
        modules.#cache.clear();
        modules.emit('missed');
      },
    );
    // Every customer's switches, read once: should the database go down before a customer's first
    // sign-in, their users are still served from what was read here.
    for (const customer of await store.listCustomers()) {
      modules.#known.add(customer.id);
      await modules.#switches(customer.id);
    }
    return modules;
  }

  async close(): Promise<void> {
    await this.#unlisten?.();
    this.removeAllListeners();
  }

  #switches(customerId: string): Promise<Map<string, ModuleSwitch>> {
    let switches = this.#cache.get(customerId);
    if (!switches) {
      switches = this.store.switchesOf(customerId);
      this.#cache.set(customerId, switches);
      const reading = switches;
      switches.then(
        (read) => {
          this.#lastRead.set(customerId, read);
          this.#settled.set(reading, read);
        },
        () => undefined,
      );
      // A failed read must not stay cached.
      switches.catch(() => this.#cache.get(customerId) === switches && this.#cache.delete(customerId));
    }
    return switches;
  }

  /** Whether this replica knows the customer to be in the store, without asking it. */
  isKnown(customerId: string): boolean {
    return this.#known.has(customerId);
  }

  /** Whether the store holds the customer: known here, or found there now (and known from then on). */
  async exists(customerId: string): Promise<boolean> {
    if (this.#known.has(customerId)) return true;
    const found = await this.store.getCustomer(customerId);
    if (found) this.#known.add(customerId);
    return found !== undefined;
  }

  /** Every registered module's switch for the customer, in registry order. */
  async modulesOf(customerId: string): Promise<CustomerModule[]> {
    return this.#everyModule(await this.#switches(customerId));
  }

  #everyModule(switches: ReadonlyMap<string, ModuleSwitch>, set: ManifestSet = this.manifests.current()): CustomerModule[] {
    return set.registry.map((key) => ({ key, ...(switches.get(key) ?? { enabled: defaultEnabled(set, key), version: 0 }) }));
  }

  /**
   * Whether each registered module is on for the customer: what the user manifest applies. While the
   * database cannot be reached, the switches last read: users keep working with the last good state
   * (operators' reads and writes answer 503 meanwhile). `set` is the release the customer is served
   * (a pilot's registers modules the active one may not, with defaults of its own).
   */
  /**
   * What enabledFor would answer, when it can be answered without waiting: the customer's switches
   * read, unchanged since, and already applied to this manifest set. Undefined otherwise (ask
   * enabledFor). Every manifest request asks; a promise and its await cost more than the rest of it.
   */
  knownEnabledFor(customerId: string, set: ManifestSet): Readonly<Record<string, boolean>> | undefined {
    const reading = this.#cache.get(customerId);
    const read = reading && this.#settled.get(reading);
    if (!read) return undefined;
    const known = this.#enabled.get(read);
    return known?.set === set ? known.enabled : undefined;
  }

  async enabledFor(customerId: string, set: ManifestSet = this.manifests.current()): Promise<Readonly<Record<string, boolean>>> {
    let switches: ReadonlyMap<string, ModuleSwitch>;
    try {
      // One the store does not hold (a claim naming a customer not set up yet) gets the defaults, uncached.
      switches = (await this.exists(customerId)) ? await this.#switches(customerId) : NO_SWITCHES;
    } catch (error) {
      const last = this.#lastRead.get(customerId);
      if (!(error instanceof StoreUnavailableError) || !last) throw error;
      switches = last;
    }
    // Every manifest request asks; the answer changes only with the switches read or the manifest set.
    const known = this.#enabled.get(switches);
    if (known?.set === set) return known.enabled;
    const enabled = Object.freeze(Object.fromEntries(this.#everyModule(switches, set).map((m) => [m.key, m.enabled])));
    this.#enabled.set(switches, { set, enabled });
    return enabled;
  }

  /** A customer with every registered module's switch, or undefined when the store does not hold it. */
  async customerWithModules(id: string): Promise<CustomerWithModules | undefined> {
    const customer = await this.getCustomer(id);
    return customer && { ...customer, modules: await this.modulesOf(id) };
  }

  /**
   * One page of customers with their switch counts: the switches of the page's customers in one read,
   * uncached, so paging through thousands keeps nothing of them.
   */
  async customersPage(page: { query?: string; ids?: readonly string[]; after?: readonly [string, string]; limit: number }): Promise<CustomerSummary[]> {
    const customers = await this.store.pageCustomers(page);
    const switches = await this.store.switchesOfMany(customers.map((c) => c.id));
    const set = this.manifests.current();
    return customers.map((c) => {
      const modules = this.#everyModule(switches.get(c.id) ?? NO_SWITCHES, set);
      return { id: c.id, name: c.name, modulesOn: modules.filter((m) => m.enabled).length, modulesTotal: modules.length };
    });
  }

  /** Every customer with every switch: for tests that compare the whole store before and after. */
  async customersWithModules(): Promise<CustomerWithModules[]> {
    const customers = await this.store.listCustomers();
    return Promise.all(customers.map(async (c) => ({ ...c, modules: await this.modulesOf(c.id) })));
  }

  async getCustomer(id: string): Promise<CustomerRecord | undefined> {
    const customer = await this.store.getCustomer(id);
    if (customer) this.#known.add(id);
    return customer;
  }

  async setModule(write: {
    customerId: string;
    moduleKey: string;
    enabled: boolean;
    reason: string;
    expectedVersion: number;
    actor: Actor;
  }): Promise<SwitchWriteResult> {
    const result = await this.store.setSwitch({ ...write, defaultEnabled: defaultEnabled(this.manifests.current(), write.moduleKey) });
    // This replica's own notification clears the cache too, but a moment later; the writer's next read must see the write.
    if (result.outcome === 'written') this.#cache.delete(write.customerId);
    return result;
  }

  /**
   * Creates a customer with every registered module set to its default for new customers; false when
   * the id is taken. With a reason (an operator's, not the demo data's) the addition is audited.
   */
  async createCustomer(customer: Customer, actor: Actor, reason?: string): Promise<boolean> {
    const set = this.manifests.current();
    const switches = Object.fromEntries(set.registry.map((key) => [key, defaultEnabled(set, key)]));
    const created = await this.store.createCustomer(customer, switches, actor, reason);
    this.#known.add(customer.id);
    // Its users may have been served the defaults, uncached, before; from now on its switches apply.
    this.#cache.delete(customer.id);
    return created;
  }

  renameCustomer(write: { customerId: string; name: string; reason: string; expectedVersion: number; actor: Actor }): Promise<CustomerWriteResult> {
    return this.store.renameCustomer(write);
  }
}

// Checks that imports point the way the code's layers say (decision 0076): a folder that may be read,
// tested and changed without the ones above it stays so only while no arrow goes up. The rules are the
// two tables below; importsOf is importCycles.mjs's parser, with dynamic `import()` counted, since a
// chunk fetched on demand is as much a dependency as a module imported up front.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { importsOf, sourceFiles } from './importCycles.mjs';

/**
 * web/src's layers, top first. A file may import its own folder and the rows below its own, never a
 * row above; the folders of one row are peers that import each other not at all. Every file of
 * web/src belongs to a row, so a new folder has to be given its place here.
 */
export const WEB_LAYERS = [
  // The harness component tests render in (a fake platform, fixtures): only tests import it.
  ['testing'],
  // The entry, and the type of the build's virtual module of manifest validators.
  ['main.tsx', 'manifestValidators.d.ts'],
  // Router, guard, chrome, the screen registry, the host of module bundles: what mounts the rest.
  ['app'],
  // One folder a screen (screens/shared: parts only screens share), and the SDK module bundles get.
  ['screens', 'moduleRuntime'],
  // The shell's kit: words for errors, formats, the error notice, the customer picker and switcher, toasts, the reason dialog.
  ['ui'],
  // React's hooks over the session, the selection and the service's answers.
  ['hooks'],
  ['messaging'],
  // The HTTP clients, their errors and what a refused session sets off.
  ['api'],
  // The identity provider's session, sign-in steps and settings; no router, no React.
  ['auth'],
  // Leaves, importing nothing of web/src: the route model and the app's addresses; files to save; what the user chose.
  ['navigation', 'download', 'selection'],
];

/** Besides the layers: a test may import the harness (WEB_LAYERS' top row) from any layer. */
const TEST = /\.test(-d)?\.tsx?$/;

const SERVICE = 'config-service/src/';
/** The service's composition root: the files that wire the platform together, and so may import anything. */
const SERVICE_ROOT = ['server.ts', 'app.ts', 'platform.ts', 'createPlatform.ts'].map((f) => SERVICE + f);

/**
 * Arrows config-service/src forbids: no file under `from` (but those under `except`) imports a file
 * under `to`. Paths are from the repository's root; one ending in '/' is a folder.
 */
export const SERVICE_RULES = [
  {
    rule: "stand-ins for other teams' systems are wired in only by the composition root",
    from: [SERVICE],
    except: [`${SERVICE}local/`, ...SERVICE_ROOT, `${SERVICE}testing/`],
    // A test may start a stand-in to talk to, as the root does; the rule is about what ships.
    exceptTests: true,
    to: [`${SERVICE}local/`],
  },
  {
    rule: 'the store knows no HTTP: it imports no route and no plugin',
    from: [`${SERVICE}store/`],
    to: [`${SERVICE}routes/`, `${SERVICE}plugins/`],
  },
  {
    rule: 'routes are registered by the composition root: nothing below them imports one',
    from: [SERVICE],
    except: [`${SERVICE}routes/`, ...SERVICE_ROOT, `${SERVICE}local/`, `${SERVICE}testing/`, `${SERVICE}hardening/`],
    to: [`${SERVICE}routes/`],
  },
];

/**
 * Arrows against the rules allowed by name while they are moved (issue 36): none are left. One no import
 * needs any more fails the check, so a row goes with its arrow.
 */
export const KNOWN_EXCEPTIONS = [];

const under = (file, paths) => paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/** The row of WEB_LAYERS a file of `base` is in, and its folder (or file) name there. */
function layerOf(layers, base, file) {
  if (!file.startsWith(base)) return undefined;
  const [top] = file.slice(base.length).split('/');
  const row = layers.findIndex((names) => names.includes(top));
  return { row, name: top };
}

/** Why an arrow from `from` to `to` (both inside `base`) goes against `layers`, or undefined when it does not. */
function againstLayers(layers, base, from, to) {
  const source = layerOf(layers, base, from);
  const target = layerOf(layers, base, to);
  // A file in no layer is a fault of its own; its arrows are judged once it has a place.
  if (!source || !target || source.row < 0 || target.row < 0 || source.name === target.name) return undefined;
  if (target.row === 0 && TEST.test(from)) return undefined;
  if (target.row > source.row) return undefined;
  const how = target.row === source.row ? 'is its peer' : 'is above it';
  return `${base}${source.name} may not import ${base}${target.name}, which ${how} (web layers)`;
}

/**
 * Every import under `root` against the rules, as "file → imported file: rule", sorted, and the rules'
 * own faults: a file in no layer, a known exception no import needs. `web` is { base, layers } (base a
 * folder relative to root, ending in '/'); `service` is a list of SERVICE_RULES-like rows.
 */
export function importDirections(root, { web = { base: 'web/src/', layers: WEB_LAYERS }, service = SERVICE_RULES, exceptions = KNOWN_EXCEPTIONS } = {}) {
  const dirs = [web.base, ...service.flatMap((r) => r.from)].map((d) => join(root, d)).filter((d, i, all) => existsSync(d) && all.indexOf(d) === i);
  const files = [...new Set(dirs.flatMap(sourceFiles))];
  const rel = (file) => relative(root, file).split(sep).join('/');
  const faults = [];
  const used = new Set();
  for (const file of files.map(rel)) {
    const layer = layerOf(web.layers, web.base, file);
    if (layer && layer.row < 0) faults.push(`${file}: in no layer (add ${web.base}${layer.name} to WEB_LAYERS)`);
  }
  for (const file of files) {
    const from = rel(file);
    for (const to of new Set(importsOf(file, { dynamic: true }).map(rel))) {
      const broken = [];
      const layered = againstLayers(web.layers, web.base, from, to);
      if (layered) broken.push(layered);
      for (const r of service) {
        if (under(from, r.from) && !under(from, r.except ?? []) && !(r.exceptTests && TEST.test(from)) && under(to, r.to)) broken.push(r.rule);
      }
      const known = exceptions.find((e) => e.from === from && e.to === to);
      if (known && broken.length) used.add(known);
      else for (const rule of broken) faults.push(`${from} → ${to}: ${rule}`);
    }
  }
  const stale = exceptions.filter((e) => !used.has(e));
  for (const e of stale) faults.push(`${e.from} → ${e.to}: a known exception no import needs any more (delete its row in KNOWN_EXCEPTIONS)`);
  return faults.sort();
}

// Types what the vitest global setups provide, so inject('postgresUrl') is a string in tests.
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the run's throwaway PostgreSQL server (scripts/vitestGlobalPostgres.mjs). */
    postgresUrl: string;
  }
}

// Being a module makes the block above extend vitest's types rather than replace them.
export {};

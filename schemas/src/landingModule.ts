/**
 * Whether `landing` may be a user's landing module given the modules they are given: one of them, or
 * any when the list is null (staff with no module listed see every module). No landing (null) always
 * may. The service refuses a user change that breaks this; the user form clears a landing module
 * whose module is unticked (decision 0080).
 */
export function landingIsOneOfModules(landing: string | null, modules: readonly string[] | null): boolean {
  return landing === null || modules === null || modules.includes(landing);
}

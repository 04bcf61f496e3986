/** The two kinds of run the module lists: jobs, and workflow runs. */
export type RunKind = 'job' | 'workflow';

/** Per kind: the backend's path segment and the routes of mr.json that show it. */
export const KINDS = {
  job: { list: 'jobs', noun: 'job', listRoute: 'mr.jobs', detail: 'mr.job', logs: 'mr.jobLogs', create: 'mr.jobNew' },
  workflow: { list: 'workflows', noun: 'workflow', listRoute: 'mr.workflows', detail: 'mr.workflow', logs: 'mr.workflowLogs', create: 'mr.workflowNew' },
} as const;

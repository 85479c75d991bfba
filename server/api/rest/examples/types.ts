/** Request and response examples of one operation, keyed by operationId in each domain's file. */
export interface TOperationExamples {
  /** Path and query parameter values as a client gives them (lists as arrays: sent comma-separated). */
  params?: Record<string, unknown>;
  /** The JSON body (POST and PATCH). */
  body?: Record<string, unknown>;
  /** The body of the 200 answer. */
  response: unknown;
}

export type TExampleTable = Record<string, TOperationExamples>;

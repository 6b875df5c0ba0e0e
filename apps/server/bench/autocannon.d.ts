/** The parts of autocannon (no bundled types) the load bench uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AcRequest {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    /** Our own tag: the endpoint a request belongs to. */
    name?: string;
    setupRequest?: (req: AcRequest, context: Record<string, unknown>) => AcRequest;
  }
  export interface AcClient extends EventEmitter {
    requestIterator: { currentRequest: AcRequest; currentRequestIndex: number; requests: AcRequest[] };
  }
  export interface AcOptions {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: AcRequest[];
    setupClient?: (client: AcClient) => void;
  }
  export interface AcHistogram {
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  export interface AcResult {
    requests: { average: number; total: number };
    latency: AcHistogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
  }
  export interface AcInstance extends EventEmitter, PromiseLike<AcResult> {
    stop(): void;
  }
  function autocannon(opts: AcOptions): AcInstance;
  export default autocannon;
}

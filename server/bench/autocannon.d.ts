// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    /** Requests in all; overrides duration. */
    amount?: number;
    /** The requests each connection cycles through; setupRequest may rewrite each one before it goes. */
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: Request) => Request;
      onResponse?: (status: number, body: string) => void;
    }[];
  }

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** The running benchmark (an EventEmitter): a thenable of the result that also reports every response as it arrives. */
  interface Instance extends PromiseLike<Result> {
    /** `responseTime` is in milliseconds with sub-millisecond precision (process.hrtime). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}

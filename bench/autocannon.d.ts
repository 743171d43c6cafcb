/** The part of autocannon 9 the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request is sent; what it returns is sent. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds. */
      timeout?: number;
      /** Milliseconds between samples; the end of the run is noticed on a sample. */
      sampleInt?: number;
      headers?: Record<string, string>;
      requests?: Request[];
    }

    interface Result {
      duration: number;
      /** Connection errors and timeouts. */
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
    }

    interface Instance extends EventEmitter {
      stop(): void;
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      on(event: 'reqError', listener: (error: Error) => void): this;
    }
  }

  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export default autocannon;
}

import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, isInternalAddress } from './safe-address.js';

/** What an endpoint answered, or why it did not. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
}

/** How much of an answer is kept for the delivery log. */
const KEPT = 1000;

/**
 * The signature header of a delivery (docs/product/webhooks-and-api-tokens.md#signatures):
 * `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the endpoint's secret}`.
 */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** POSTs a delivery's body to the endpoint and reads the start of its answer, within `timeoutMs`. */
export function send(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, status: null, body: null, error: 'The address is not valid.' });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && (target.protocol !== 'https:' || (isIP(host) && isInternalAddress(host)))) {
      resolve({ ok: false, status: null, body: null, error: `${host} is a private address: not delivered.` });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        lookup: checkedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < KEPT) text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          finish({
            ok: status >= 200 && status < 300,
            status,
            body: text.slice(0, KEPT),
            error: status >= 200 && status < 300 ? null : `The endpoint answered ${status}.`,
          });
        });
        response.on('error', (error) =>
          finish({ ok: false, status: null, body: null, error: error.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({
        ok: false,
        status: null,
        body: null,
        error: `No answer within ${options.timeoutMs / 1000} seconds.`,
      });
    }, options.timeoutMs);
    request.on('error', (error) => finish({ ok: false, status: null, body: null, error: error.message }));
    request.end(body);
  });
}

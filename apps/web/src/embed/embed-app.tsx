/** @jsxImportSource preact */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { EmbedApiError } from './api';
import { Notice } from './components/field';
import { EmbedHeader, KindredLink } from './components/header';
import { Give } from './give';
import { type EmbedAddress, type EmbedData, loadEmbed, reloadTarget } from './target';

/** When the progress is read again after a gift, in ms. */
const REREAD_AFTER_GIFT_MS = [1_000, 6_000];

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; data: EmbedData };

/**
 * The donate button's page (docs/product/embed.md): a project's or a charity's name, picture and
 * progress, and a gift by card as a guest. `address` is null when the page's address names nothing.
 */
export function EmbedApp({ address }: { address: EmbedAddress | null }) {
  const [loaded, setLoaded] = useState<Loaded>(address ? { state: 'loading' } : { state: 'missing' });

  const load = useCallback(() => {
    if (!address) return;
    setLoaded({ state: 'loading' });
    loadEmbed(address).then(
      (data) => setLoaded({ state: 'ready', data }),
      (error: unknown) => {
        if (error instanceof EmbedApiError && (error.status === 404 || error.status === 403))
          setLoaded({ state: 'missing' });
        else
          setLoaded({
            state: 'failed',
            message: error instanceof EmbedApiError ? error.message : 'Something went wrong.',
          });
      },
    );
  }, [address]);
  useEffect(load, [load]);
  const name = loaded.state === 'ready' ? loaded.data.target.name : null;
  useEffect(() => {
    if (name) document.title = `Give to ${name} · Kindred`;
  }, [name]);

  // After a gift the progress is read again, a moment later and once more after the few seconds
  // a public answer may be kept; a failed read keeps what was shown.
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const refresh = () => {
    if (!address || loaded.state !== 'ready') return;
    const { data } = loaded;
    for (const delay of REREAD_AFTER_GIFT_MS) {
      timers.current.push(
        setTimeout(() => {
          void reloadTarget(address).then((target) => {
            if (target) setLoaded({ state: 'ready', data: { ...data, target } });
          });
        }, delay),
      );
    }
  };

  if (loaded.state === 'loading') {
    return (
      <main class="page">
        <p role="status" class="loading">
          Loading…
        </p>
      </main>
    );
  }
  if (loaded.state === 'missing') {
    return (
      <main class="page">
        <h1>Nothing to give to here</h1>
        <p>
          This donate button names a {address?.kind ?? 'project or charity'} that is not on Kindred, or no
          longer public.
        </p>
        <p>
          <KindredLink path="/explore">Find projects and charities on Kindred</KindredLink>
        </p>
      </main>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <main class="page">
        <h1>The giving page could not be loaded</h1>
        <Notice tone="error">{loaded.message}</Notice>
        <div class="actions">
          <button type="button" class="primary" onClick={load}>
            Try again
          </button>
        </div>
      </main>
    );
  }
  const { data } = loaded;
  return (
    <main class="page">
      <EmbedHeader target={data.target} currency={data.currency} />
      {data.target.open ? (
        <Give data={data} onGiven={refresh} />
      ) : (
        <Notice tone="info" title="Not taking gifts now">
          {data.target.kind === 'project'
            ? 'This project is not taking gifts now. '
            : 'This charity is not taking gifts on Kindred now. '}
          <KindredLink path={data.target.pagePath}>See it on Kindred</KindredLink>
        </Notice>
      )}
    </main>
  );
}

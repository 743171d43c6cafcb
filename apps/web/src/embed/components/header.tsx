/** @jsxImportSource preact */
import { formatMoney, IMAGE_VARIANT_SIDES, IMAGE_VARIANTS, imageUrl } from '@kindred/shared';
import type { EmbedTarget } from '../target';

/** The picture beside the name, in the variants that fit a small square. */
function Thumbnail({ picture }: { picture: NonNullable<EmbedTarget['picture']> }) {
  const sides = IMAGE_VARIANT_SIDES[picture.kind];
  return (
    <img
      class="thumb"
      src={imageUrl(picture.src, 'small')}
      srcset={IMAGE_VARIANTS.map((variant) => `${imageUrl(picture.src, variant)} ${sides[variant]}w`).join(
        ', ',
      )}
      sizes="72px"
      width={72}
      height={72}
      alt=""
      fetchpriority="high"
    />
  );
}

/** A page of Kindred opened from the frame: in a new tab, as Kindred's own pages are never framed. */
export function KindredLink({ path, children }: { path: string; children: string }) {
  return (
    <a href={path} target="_blank" rel="noopener noreferrer">
      {children}
      <span class="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Who the gift goes to: picture, name, whose project it is, and how far it has come. */
export function EmbedHeader({ target, currency }: { target: EmbedTarget; currency: string }) {
  const progress = target.progress;
  const percent =
    progress?.target && progress.target > 0
      ? Math.min(100, Math.round((progress.raised / progress.target) * 100))
      : null;
  return (
    <header class="head">
      <div class="head-row">
        {target.picture ? <Thumbnail picture={target.picture} /> : null}
        <div>
          <h1>{target.name}</h1>
          <p class="dimmed">
            {target.kind === 'project'
              ? target.charity
                ? `A project of ${target.charity.name}`
                : 'A project on Kindred'
              : 'A charity on Kindred'}
          </p>
        </div>
      </div>
      {progress ? (
        <div class="progress" data-testid="embed-progress">
          <p>
            <strong>{formatMoney(progress.raised, currency)}</strong>
            {progress.target ? ` raised of ${formatMoney(progress.target, currency)}` : ' raised'}
            {` · ${progress.donors === 1 ? '1 giver' : `${progress.donors} givers`}`}
          </p>
          {percent !== null ? (
            <div class="bar" aria-hidden="true">
              <span style={{ width: `${percent}%` }} />
            </div>
          ) : null}
        </div>
      ) : target.liveProjects !== null ? (
        <p class="progress">
          {target.liveProjects === 1 ? '1 live project' : `${target.liveProjects} live projects`}
        </p>
      ) : null}
    </header>
  );
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../testing/api-process.js';
import { type ReplicaPair, startReplicaPair } from '../testing/replica.js';

/**
 * A real API process with `DATABASE_READ_URL` on a real streaming replica (a second cluster made
 * from a copy of the primary's): with the replica's replay paused, a visitor's reads show what the replica
 * holds while the editor, signed in, reads their change from the primary; once replay resumes the
 * visitor sees it too. The public cache is off so that every read reaches a database.
 */
const SECRET = 'read-replica-test-secret-read-replica-test-secret';

interface ProjectAnswer {
  id: number;
  title: string;
}

describe('a read replica for public reads (PostgreSQL primary and streaming replica)', () => {
  let pair: ReplicaPair;
  let api: ApiProcess;
  let dataDir: string;
  let token: string;
  let project: ProjectAnswer;

  /**
   * Reads as a visitor until `done` holds (the replica has replayed), up to 15 seconds. A 404 is
   * "not yet" too: right after start the replica may not have replayed the demo data itself.
   */
  async function visitorSees<T>(p: string, done: (body: T) => boolean): Promise<T> {
    const until = performance.now() + 15_000;
    let last: T | string | undefined;
    while (performance.now() < until) {
      const res = await fetch(`http://127.0.0.1:${api.port}${p}`);
      const text = await res.text();
      if (res.status !== 404) {
        if (res.status >= 300) throw new Error(`GET ${p}: ${res.status} ${text}`);
        const body = JSON.parse(text) as T;
        if (done(body)) return body;
        last = body;
      } else {
        last = `404 ${text}`;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`${p} still answers ${JSON.stringify(last).slice(0, 300)}`);
  }

  beforeAll(async () => {
    pair = await startReplicaPair();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-replica-api-'));
    api = startApiProcess({
      port: 20_000 + Math.floor(Math.random() * 9_000) + 9_100,
      databaseUrl: pair.primaryUrl,
      dataDir,
      secret: SECRET,
      env: { DATABASE_READ_URL: pair.replicaUrl, DEMO_DATA: 'true', PUBLIC_CACHE_MB: '0' },
    });
    await api.healthy(90_000);
    const login = await api.call<{ token: string; charity_membership: Array<{ charity_id: number }> }>(
      'POST',
      '/api/auth/login',
      undefined,
      { email: 'charity@example.org', password: 'Password123!' },
    );
    token = login.token;
    const charityId = login.charity_membership[0]?.charity_id;
    const live = await api.call<{ items: ProjectAnswer[] }>(
      'GET',
      `/api/charity/projects/${charityId}/2?limit=1`,
      token,
    );
    project = live.items[0] as ProjectAnswer;
    expect(project, 'a Live project of the demo charity').toBeDefined();
  }, 150_000);

  afterAll(async () => {
    await api?.stop();
    await pair?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('health names the replica and how far behind it is', async () => {
    const health = await api.call<{ replica?: { status: string; lag_bytes: number | null } }>(
      'GET',
      '/api/health',
    );
    expect(health.replica?.status).toBe('up');
    expect(health.replica?.lag_bytes).toBeGreaterThanOrEqual(0);
  });

  it('serves a visitor from the replica and the editor from the primary until the replica replays the change', async () => {
    const page = `/api/project/${project.id}`;
    const newTitle = `${project.title} (Zephyrine appeal)`;
    const search = '/api/explore/project/list?q=Zephyrine';
    // The replica has the project as the demo data made it.
    await visitorSees<ProjectAnswer>(page, (body) => body.title === project.title);

    await pair.onReplica('select pg_wal_replay_pause()');
    try {
      await api.call('PATCH', page, token, { title: newTitle });
      // The editor reads their own change at once: signed-in reads go to the primary.
      expect((await api.call<ProjectAnswer>('GET', page, token)).title).toBe(newTitle);
      // A visitor reads from the replica, which has not replayed the change yet.
      expect((await api.call<ProjectAnswer>('GET', page)).title).toBe(project.title);
      expect((await api.call<{ items: ProjectAnswer[] }>('GET', search)).items).toEqual([]);
    } finally {
      await pair.onReplica('select pg_wal_replay_resume()');
    }
    // Replayed, the visitor sees it on the page and in explore's search.
    await visitorSees<ProjectAnswer>(page, (body) => body.title === newTitle);
    const found = await visitorSees<{ items: ProjectAnswer[] }>(search, (body) => body.items.length > 0);
    expect(found.items.map((item) => item.id)).toEqual([project.id]);
  });
});

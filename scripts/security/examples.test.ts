import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../server/test/app.js';
import { testDatabaseKinds } from '../../server/test/databases.js';
import { routeCollector } from '../../server/test/routes.js';
import type { ScanFixtures } from './examples.js';
import { ROLES, serverScanRoutes } from './routes.js';
import { sqlmapRequests } from './sqlmap.js';

const rows = { paper: '2401.00001', oldStylePaper: 'math/9501234', category: 'Robotics', commentId: 1 };
const rowSet = { ...rows, bookmarkId: 2, queued: '1605.08386', queuedOldStyle: 'hep-ex/0406020' };
const fixtures: ScanFixtures = {
  paperId: 7,
  shared: rowSet,
  disposable: { reader: rowSet, admin: rowSet },
  toScrape: '1111.2011',
  victimId: 9,
  doomedUserId: 10,
  reportedCommentId: 11,
  readerId: 5,
  uploadName: 'abc.gif',
  blogSlug: 'a-post',
  emails: { visitor: 'reader@example.org', reader: 'reader@example.org', admin: 'admin@example.org' },
  password: 'a pass phrase',
};

// The routes are the same on either database: the first is enough.
describe.each(testDatabaseKinds.slice(0, 1))('the scan’s example values', (kind) => {
  const collected = routeCollector();
  useTestApp(kind, () => ({}), { onRoute: collected.onRoute });

  it('name every input of every route the server registers, so that no scan sends a value by type alone', () => {
    const site = { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' };
    const unknown = serverScanRoutes(collected.routes, []).flatMap((route) =>
      ROLES.flatMap((role) =>
        sqlmapRequests(route, role, fixtures, site).flatMap((request) =>
          request.unknownInputs.map((input) => `${route.key}: ${input}`),
        ),
      ),
    );
    expect([...new Set(unknown)]).toEqual([]);
  });
});

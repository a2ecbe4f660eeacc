import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../modules/uploads/service.js';
import { UPLOADS_FOLDER } from '../paths.js';
import { signedInAs } from '../test/accounts.js';
import { startTestApp } from '../test/app.js';
import { testDatabaseKinds } from '../test/databases.js';
import { errorAnswer } from '../test/error-answer.js';
import { TEST_IMAGES } from '../test/images.js';
import { multipartPayload } from '../test/route-fixtures.js';
import { mountTmpfs, tmpfsMountRefusal } from '../test/tmpfs.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const refusal = await tmpfsMountRefusal();
const FILLER = 'filler';

describe.skipIf(refusal)(
  `the disk full while a reader uploads an image${refusal ? ` (skipped: ${refusal})` : ''}`,
  () => {
    it.each(testDatabaseKinds)(
      'on $name: answers 507 in the error shape, leaves no file, and stores again once there is room',
      async (kind) => {
        const database = await kind.create();
        cleanups.push(() => database.dispose());
        const uploadsDir = path.join(database.env.DATA_DIR ?? '', UPLOADS_FOLDER);
        mkdirSync(uploadsDir);
        const disk = await mountTmpfs(uploadsDir, 256 * 1024);
        cleanups.push(() => disk.unmount());
        const target = await startTestApp(database);
        cleanups.push(() => target.close());
        const cookie = await signedInAs(target, 'user', 'reader@example.org');
        const body = multipartPayload([
          { field: 'image', fileName: 'chart.png', type: 'image/png', content: TEST_IMAGES.png.bytes },
        ]);
        const upload = () =>
          target.app.inject({
            method: 'POST',
            url: '/api/upload',
            payload: body.payload,
            headers: { cookie, ...body.headers },
          });
        await disk.fill(FILLER);

        const refused = await upload();
        expect(refused.statusCode, refused.body).toBe(507);
        expect(refused.json()).toEqual(errorAnswer('insufficient_storage', UPLOAD_MESSAGES.noRoom));
        expect(readdirSync(uploadsDir)).toEqual([FILLER]);
        expect(await target.handle.db.selectFrom('uploads').selectAll().execute()).toEqual([]);

        rmSync(path.join(uploadsDir, FILLER));
        const stored = await upload();
        expect(stored.statusCode, stored.body).toBe(201);
        const served = await target.app.inject(stored.json().url);
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload).toEqual(TEST_IMAGES.png.bytes);
      },
    );
  },
);

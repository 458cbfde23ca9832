/**
 * What the pages say about the local sandbox holds for a reader: they say where it comes from, and the download
 * page's check of a file against its `sha256` passes against it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createSandbox } from '../../../sandbox/app';
import { LOCAL_SANDBOX, LOCAL_SANDBOX_DEMO_CLIENT } from '../../../contracts/facts';
import { docsFiles, readPage } from '../docsPages';

describe('the pages that run the local sandbox', () => {
  it('say where it comes from: the Git repository of this site, its sandbox/ folder', () => {
    const lines = docsFiles()
      .map(readPage)
      .flatMap((page) =>
        page.source
          .split('\n')
          .filter((line) => line.includes('npm run sandbox'))
          .map((line) => ({ file: page.file, line })),
      );
    expect(lines.map(({ file }) => file).sort()).toEqual([
      'getting-started/first-test-order.mdx',
      'getting-started/sandbox.mdx',
    ]);
    for (const { line } of lines) {
      expect(line).not.toMatch(/checkout of this documentation/);
      expect(line).toMatch(/the Git repository of this documentation site/);
      expect(line).toMatch(/`sandbox\/` folder/);
      expect(line).toMatch(/`npm ci` once/);
    }
  });
});

describe('the download page against the local sandbox', () => {
  const sandbox = createSandbox();
  const call = (method: string, path: string, init: { token?: string; body?: unknown } = {}) =>
    sandbox.fetch(
      new Request(`${LOCAL_SANDBOX.origin}/v1${path}`, {
        method,
        headers: {
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
          ...(init.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      }),
    );

  it('compares the SHA-256 of the body with sha256 from Get document details, as its sample does', () => {
    const page = readPage('document-api/endpoints/download-document.mdx');
    const sample = page.codeBlocks.find((block) => block.meta.includes('download_and_verify.py'));
    expect(sample?.code).toMatch(/digest = hashlib\.sha256\(\)/);
    expect(sample?.code).toMatch(/if digest\.hexdigest\(\) != expected_sha256:/);
    expect(page.prose).toMatch(/The document's `sha256` from \[Get document details\]/);
  });

  it('passes for a generated and for an uploaded document', async () => {
    const token = (await (
      await sandbox.fetch(
        new Request(LOCAL_SANDBOX.tokenUrl, {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${LOCAL_SANDBOX_DEMO_CLIENT.clientId}:${LOCAL_SANDBOX_DEMO_CLIENT.clientSecret}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ grant_type: 'client_credentials' }),
        }),
      )
    ).json()) as { access_token: string };
    const reserved = (await (
      await call('POST', '/account-numbers', { token: token.access_token, body: { accountType: 'INDIVIDUAL' } })
    ).json()) as { accountNumber: string };
    expect(reserved.accountNumber).toMatch(/^5GT/);
    const operation = sandbox.descriptions.operations.find((candidate) => candidate.operationId === 'openAccount');
    const content = (operation?.definition.requestBody as { content: Record<string, { examples: object }> }).content;
    const individual = structuredClone(
      (content['application/json'].examples as Record<string, { value: Record<string, unknown> }>).individual.value,
    );
    individual.accountNumber = reserved.accountNumber;
    const opened = await call('POST', '/accounts', { token: token.access_token, body: individual });
    expect(opened.status).toBe(202);

    const generated = (await (
      await call('POST', `/accounts/${reserved.accountNumber}/documents/generate`, {
        token: token.access_token,
        body: { documentType: 'W9' },
      })
    ).json()) as { documentId: string };
    const boundary = 'download-check';
    const upload = await sandbox.fetch(
      new Request(`${LOCAL_SANDBOX.origin}/v1/accounts/${reserved.accountNumber}/documents`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token.access_token}`,
          'Idempotency-Key': randomUUID(),
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
        },
        body: [
          `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nACCOUNT_AGREEMENT\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="agreement.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`,
          `--${boundary}--\r\n`,
        ].join(''),
      }),
    );
    expect(upload.status).toBe(201);
    const uploaded = (await upload.json()) as { documentId: string };

    for (const documentId of [generated.documentId, uploaded.documentId]) {
      const details = (await (await call('GET', `/documents/${documentId}`, { token: token.access_token })).json()) as {
        sha256: string;
      };
      const download = await call('GET', `/documents/${documentId}/content`, { token: token.access_token });
      expect(download.status).toBe(200);
      const body = Buffer.from(await download.arrayBuffer());
      expect(createHash('sha256').update(body).digest('hex')).toBe(details.sha256);
    }
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { violationsOf } from './support/accessibility.ts';
import { createClient } from './support/clients.ts';
import { checkWidth } from './support/screen-width.ts';
import { DEMO, signInQuickly, unique } from './support/session.ts';

/** A small PDF; what the server checks is its content, not its name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A 4 MB PDF: it takes the server a moment to store, so its progress shows. */
const BIG_PDF = Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024 - PDF.length, '% filler line\n')]);
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

interface DroppedFile {
  name: string;
  type: string;
  bytes: Buffer;
  /** A file of this many bytes made in the page (its first bytes `bytes`), not sent from here. */
  size?: number;
}

/** Drops files on `target` as a browser does when they are dragged from the desktop. */
async function dropFiles(page: Page, target: Locator, files: DroppedFile[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const f of list) {
        const head = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        const bytes = new Uint8Array(Math.max(f.size ?? 0, head.length));
        bytes.set(head);
        transfer.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return transfer;
    },
    files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64'), size: f.size })),
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

async function openAttachments(page: Page, clientId: number) {
  await page.goto(`/client/${clientId}`);
  await page
    .getByRole('tablist', { name: 'Client profile' })
    .getByRole('tab', { name: 'Attachments' })
    .click();
  return page.getByRole('tabpanel', { name: 'Attachments' });
}

test('a Coordinator drops a PDF and an image, previews, downloads, renames and deletes', async ({
  page,
  request,
}) => {
  const { id } = await createClient(request, { first_name: 'Ama', last_name: `Files${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const tab = await openAttachments(page, id);
  await expect(tab.getByText('There are no attachments.')).toBeVisible();
  expect(await violationsOf(page, 'attachments tab, empty')).toEqual([]);

  // A PDF large enough to watch its progress bar move, and an image. The upload is held to 2 MB/s,
  // as on a real connection: over loopback 4 MB arrive at once and the bar would jump to its end.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await dropFiles(page, page.getByTestId('attachment-dropzone'), [
    { name: 'consent.pdf', type: 'application/pdf', bytes: BIG_PDF },
    { name: 'id-card.png', type: 'image/png', bytes: PNG },
  ]);
  const uploads = tab.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByRole('button', { name: 'Cancel the upload of consent.pdf' })).toBeVisible();
  await page.waitForFunction(() => {
    const bar = document.querySelector('[role="progressbar"][aria-label="Uploading consent.pdf"]');
    const value = Number(bar?.getAttribute('aria-valuenow'));
    return value > 0 && value < 100;
  });
  await expect(uploads.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });

  const table = tab.getByRole('table', { name: 'Attachments' });
  const pdfRow = table.getByRole('row', { name: /consent\.pdf/ });
  await expect(pdfRow).toContainText('PDF');
  await expect(pdfRow).toContainText('Casey Coordinator');
  await expect(table.getByRole('row', { name: /id-card\.png/ })).toContainText('PNG image');
  expect(await violationsOf(page, 'attachments tab, two files')).toEqual([]);

  // Preview: the PDF's own bytes, asked for inline and shown from the browser's memory.
  const inline = page.waitForResponse((res) => /\/api\/attachments\/\d+\/content\?inline=1$/.test(res.url()));
  await pdfRow.getByRole('button', { name: 'Preview consent.pdf' }).click();
  const answer = await inline;
  expect(answer.headers()['content-disposition']).toBe(
    `inline; filename="consent.pdf"; filename*=UTF-8''consent.pdf`,
  );
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-length']).toBe(String(BIG_PDF.length));
  const preview = page.getByRole('dialog', { name: 'consent.pdf' });
  await expect(preview.locator('iframe[title="Preview of consent.pdf"]')).toHaveAttribute('src', /^blob:/);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toHaveCount(0);
  await table.getByRole('button', { name: 'Preview id-card.png' }).click();
  const image = page.getByRole('dialog', { name: 'id-card.png' });
  await expect(image.getByRole('img', { name: 'Preview of id-card.png' })).toHaveAttribute('src', /^blob:/);
  expect(await violationsOf(page, 'attachment preview')).toEqual([]);
  await image.getByRole('button', { name: 'Close' }).click();

  // Download: the same bytes back.
  const downloading = page.waitForEvent('download');
  await pdfRow.getByRole('button', { name: 'Download consent.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('consent.pdf');
  expect(sha256(fs.readFileSync(await download.path()))).toBe(sha256(BIG_PDF));

  // Rename, with a category.
  await pdfRow.getByRole('button', { name: 'Edit consent.pdf' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Attachment' });
  await edit.getByLabel('Name').fill('Signed consent.pdf');
  await edit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Consent' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The attachment was saved.')).toBeVisible();
  const renamed = table.getByRole('row', { name: /Signed consent\.pdf/ });
  await expect(renamed).toContainText('Consent');

  // Delete both, after the delete modal.
  for (const name of ['Signed consent.pdf', 'id-card.png']) {
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Attachment' });
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The attachment was deleted.').first()).toBeVisible();
  }
  await expect(tab.getByText('There are no attachments.')).toBeVisible();
});

test('an upload under way can be cancelled, and leaves nothing', async ({ page, request }) => {
  const { id, token } = await createClient(request, { first_name: 'Ida', last_name: `Cancel${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const tab = await openAttachments(page, id);
  // The upload is held on its way, so it is still under way when Cancel is pressed.
  await page.route('**/api/clients/*/attachments', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    return route.abort().catch(() => {});
  });
  await dropFiles(page, page.getByTestId('attachment-dropzone'), [
    { name: 'cancel-me.pdf', type: 'application/pdf', bytes: PDF },
  ]);
  await expect(tab.getByRole('progressbar', { name: 'Uploading cancel-me.pdf' })).toBeAttached();
  await tab.getByRole('button', { name: 'Cancel the upload of cancel-me.pdf' }).click();
  await expect(tab.getByRole('progressbar')).toHaveCount(0);
  await expect(tab.getByRole('alert')).toHaveCount(0);
  await expect(tab.getByText('There are no attachments.')).toBeVisible();
  const list = await request.get(`/api/clients/${id}/attachments`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await list.json()).toEqual([]);
});

test('an upload answered 401 renews the session and is sent again', async ({ page, request }) => {
  const { id } = await createClient(request, { first_name: 'Rae', last_name: `Renew${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const tab = await openAttachments(page, id);
  // The first upload is answered as an expired access token would be; the rest reach the server.
  let refused = 0;
  await page.route('**/api/clients/*/attachments', async (route) => {
    if (route.request().method() === 'POST' && refused === 0) {
      refused += 1;
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } }),
      });
    }
    return route.continue();
  });
  const renewed = page.waitForRequest((r) => r.url().endsWith('/api/auth/token') && r.method() === 'POST');
  await dropFiles(page, page.getByTestId('attachment-dropzone'), [
    { name: 'renewed.pdf', type: 'application/pdf', bytes: PDF },
  ]);
  await renewed;
  await expect(
    tab.getByRole('table', { name: 'Attachments' }).getByRole('row', { name: /renewed\.pdf/ }),
  ).toBeVisible();
  expect(refused).toBe(1);
  await expect(tab.getByRole('alert')).toHaveCount(0);
});

test('an HTML page dropped as a file is refused with the reason, and nothing is listed', async ({
  page,
  request,
}) => {
  const { id } = await createClient(request, { first_name: 'Noor', last_name: `Pages${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const tab = await openAttachments(page, id);
  await dropFiles(page, page.getByTestId('attachment-dropzone'), [
    { name: 'letter.pdf', type: 'application/pdf', bytes: HTML },
  ]);
  await expect(tab.getByRole('alert')).toHaveText(
    'letter.pdf was not uploaded: This kind of file is not accepted. Accepted files are PDF, JPEG, PNG, HEIC, WebP, plain text, Word (DOCX), Excel (XLSX) and OpenDocument text (ODT).',
  );
  expect(await violationsOf(page, 'attachments tab, refused upload')).toEqual([]);
  await tab.getByRole('button', { name: 'Dismiss the message about letter.pdf' }).click();
  await expect(tab.getByRole('alert')).toHaveCount(0);
  await expect(tab.getByText('There are no attachments.')).toBeVisible();
});

test('a file past 10 MB is refused before it is sent, and a .txt holding HTML is refused saying why', async ({
  page,
  request,
}) => {
  const { id } = await createClient(request, { first_name: 'Lena', last_name: `Sizes${unique()}` });
  await signInQuickly(page, DEMO.coordinator);
  const tab = await openAttachments(page, id);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/clients\/\d+\/attachments$/.test(r.url())) posted += 1;
  });
  await dropFiles(page, page.getByTestId('attachment-dropzone'), [
    { name: 'scan.pdf', type: 'application/pdf', bytes: PDF, size: 11 * 1024 * 1024 },
  ]);
  await expect(tab.getByRole('alert')).toHaveText(
    'scan.pdf was not uploaded: The file is too large. Files can be at most 10 MB.',
  );
  await expect(tab.getByRole('progressbar')).toHaveCount(0);
  expect(posted).toBe(0);
  await tab.getByRole('button', { name: 'Dismiss the message about scan.pdf' }).click();

  await dropFiles(page, page.getByTestId('attachment-dropzone'), [
    { name: 'letter.txt', type: 'text/plain', bytes: HTML },
  ]);
  await expect(tab.getByRole('alert')).toHaveText(
    'letter.txt was not uploaded: This text file holds HTML or a script, which a browser could run, so it is not accepted. Save it as a PDF, or as plain text without markup.',
  );
  expect(posted).toBe(1);
  expect(await violationsOf(page, 'attachments tab, refused text')).toEqual([]);
  await expect(tab.getByText('There are no attachments.')).toBeVisible();
});

// The page's CSP lets no script fetch a blob: address; the test reads what the viewer is handed.
test.describe('the PDF preview', () => {
  test.use({ bypassCSP: true });

  test("the viewer is given the file's name as the document's title, not the blob's id", async ({
    page,
    request,
  }) => {
    const { id, token } = await createClient(request, { first_name: 'Tove', last_name: `Titled${unique()}` });
    const made = await PDFDocument.create();
    made.addPage();
    const res = await request.post(`/api/clients/${id}/attachments`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        file: {
          name: 'Work permit.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(await made.save()),
        },
      },
    });
    expect(res.status()).toBe(201);
    await signInQuickly(page, DEMO.coordinator);
    const tab = await openAttachments(page, id);
    await tab.getByRole('button', { name: 'Preview Work permit.pdf' }).click();
    const frame = page.getByRole('dialog', { name: 'Work permit.pdf' }).locator('iframe');
    await expect(frame).toHaveAttribute('src', /^blob:/);
    // What the viewer is handed: the PDF titled with the file's name, which its toolbar shows.
    const shown = await page.evaluate(
      async (url) => {
        const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
        let text = '';
        for (const b of bytes) text += String.fromCharCode(b);
        return btoa(text);
      },
      (await frame.getAttribute('src'))!,
    );
    expect((await PDFDocument.load(Buffer.from(shown, 'base64'))).getTitle()).toBe('Work permit.pdf');
  });
});

test("another centre's Coordinator gets the not-found page for the client", async ({ page, request }) => {
  const { id, token } = await createClient(request, { first_name: 'Kept', last_name: `Private${unique()}` });
  const res = await request.post(`/api/clients/${id}/attachments`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'private.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(res.status()).toBe(201);
  await signInQuickly(page, DEMO.coordinator2);
  await page.goto(`/client/${id}`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('private.pdf')).toHaveCount(0);
});

test('the Attachments tab fits a 390 px phone', async ({ page, request }) => {
  const { id, token } = await createClient(request, { first_name: 'Pia', last_name: `Phone${unique()}` });
  const res = await request.post(`/api/clients/${id}/attachments`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name: `a-rather-long-file-name-for-a-small-screen-${'x'.repeat(40)}.pdf`,
        mimeType: 'application/pdf',
        buffer: PDF,
      },
      category: 'correspondence',
      note: 'Letter from the employer about the start date.',
    },
  });
  expect(res.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, DEMO.coordinator);
  const tab = await openAttachments(page, id);
  const found: string[] = [];
  await checkWidth(page, 'attachments tab', tab.getByRole('table', { name: 'Attachments' }), found);
  expect(found).toEqual([]);
  expect(await violationsOf(page, 'attachments tab, phone')).toEqual([]);
});

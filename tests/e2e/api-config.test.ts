/**
 * API pages of other specs from config: Petstore 3.0, a 3.1 spec without any operationId, and a
 * JSON spec with schema cycles split into one page per tag. Deep links, Try it with query and
 * header parameters, filtering, copying, the sample language, collapsed schemas and search.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage, openRoute, openApiRoute, serveSite, type E2eSite } from './setup.ts';
import { copyFixture, runCli, ROOT } from '../helpers.ts';

let site: E2eSite;
let fake: Server;
let fakePort = 0;
const received: { method: string; url: string; trace: string | undefined; key?: string | undefined; authorization?: string | undefined }[] = [];
/** A fake OAuth 2.0 authorization server on another origin: it signs in at once, for both flows. */
let authServer: Server;
let authPort = 0;
const tokenRequests: string[] = [];

function startAuthServer(): Promise<void> {
  authServer = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type,authorization,accept,x-requested-with', 'access-control-allow-methods': 'POST' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      const state = url.searchParams.get('state') ?? '';
      // The implicit flow gets its token in the fragment, the code flow a code in the query.
      if (url.searchParams.get('response_type') === 'token') back.hash = `access_token=implicit-token-1&token_type=Bearer&state=${encodeURIComponent(state)}`;
      else back.search = `code=code-1&state=${encodeURIComponent(state)}`;
      return void response.writeHead(302, { location: back.href }).end();
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      tokenRequests.push(body);
      const ok = new URLSearchParams(body).get('code') === 'code-1';
      response.writeHead(ok ? 200 : 400, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(ok ? { access_token: 'code-token-1', token_type: 'Bearer' } : { error: 'invalid_grant' }));
    });
  });
  return new Promise<void>((resolve) =>
    authServer.listen(0, '127.0.0.1', () => {
      authPort = (authServer.address() as { port: number }).port;
      resolve();
    }),
  );
}

beforeAll(async () => {
  fake = createServer((request, response) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'x-trace,x-board-key,authorization,content-type,accept', 'access-control-allow-methods': 'GET,POST,DELETE' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      trace: request.headers['x-trace'] as string | undefined,
      key: request.headers['x-board-key'] as string | undefined,
      authorization: request.headers.authorization,
    });
    response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('[{"title":"Water the plants"}]');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakePort = (fake.address() as { port: number }).port;
  await startAuthServer();

  const dir = await copyFixture('basic');
  const fixtures = path.join(ROOT, 'tests/fixtures/openapi');
  // Updating a pet also takes XML, a type whose body Try it does not check as JSON.
  const pets = (await readFile(path.join(fixtures, 'petstore-3.0.yaml'), 'utf8')).replace(
    "          application/x-www-form-urlencoded:\n            schema:\n              $ref: '#/components/schemas/Pet'\n      responses:",
    "          application/x-www-form-urlencoded:\n            schema:\n              $ref: '#/components/schemas/Pet'\n          application/xml:\n            schema:\n              $ref: '#/components/schemas/Pet'\n      responses:",
  );
  expect(pets).toContain('application/xml');
  await writeFile(path.join(dir, 'openapi/pets.yaml'), pets);
  await copyFile(path.join(fixtures, 'scene-graph-cycles.json'), path.join(dir, 'openapi/scenes.json'));
  // The task board's server is the fake on 127.0.0.1, so Try it can be observed.
  const tasks = await readFile(path.join(fixtures, 'tasks-3.1-no-operation-ids.yaml'), 'utf8');
  // Listing the tasks needs a key (an API key in a header), so Try it must be able to send one.
  const secured = tasks
    .replace('tags:\n', `servers:\n  - url: http://127.0.0.1:${fakePort}/v2\ntags:\n`)
    .replace(
      '      summary: List the tasks of a list\n',
      // The author wrote a Go sample and a curl one of their own for listing the tasks.
      "      summary: List the tasks of a list\n      security:\n        - boardKey: []\n        - boardLogin: [read]\n      x-codeSamples:\n        - { lang: Go, source: 'resp, err := http.Get(url)' }\n        - { lang: Shell, label: cURL, source: 'curl https://board.example.com/v2/lists/1/tasks' }\n",
    )
    .replace(
      'components:\n',
      'components:\n  securitySchemes:\n    boardKey:\n      type: apiKey\n      in: header\n      name: X-Board-Key\n' +
        // Or a sign-in with the board's authorization server, in either flow that returns through the redirect page.
        `    boardLogin:\n      type: oauth2\n      flows:\n        implicit:\n          authorizationUrl: http://127.0.0.1:${authPort}/authorize\n          scopes: { read: Read the board }\n        authorizationCode:\n          authorizationUrl: http://127.0.0.1:${authPort}/authorize\n          tokenUrl: http://127.0.0.1:${authPort}/token\n          scopes: { read: Read the board }\n`,
    )
    // The board calls a webhook when a task is done.
    .replace(
      '\ncomponents:\n',
      '\nwebhooks:\n  taskDone:\n    post:\n      summary: A task was done\n      requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Task" } } } }\n      responses: { "200": { description: Acknowledged } }\ncomponents:\n',
    )
    // Adding a task is tagged twice: it is shown under Task Lists and listed under Board admin.
    .replace('      tags: [Task Lists]\n      summary: Add a task\n', '      tags: [Task Lists, Board admin]\n      summary: Add a task\n')
    // Board admin also has an operation of its own.
    .replace('    delete:\n      summary: Delete a task\n', '    delete:\n      tags: [Board admin]\n      summary: Delete a task\n');
  await writeFile(path.join(dir, 'openapi/tasks.yaml'), secured);
  const config = path.join(dir, 'config.yaml');
  await writeFile(
    config,
    (await readFile(config, 'utf8')).replace(
      '  - { id: mini, route: api, spec: openapi/mini.yaml }',
      '  - { id: mini, route: api, spec: openapi/mini.yaml }\n  - { id: pets, route: pets, spec: openapi/pets.yaml }\n  - { id: tasks, route: tasks, spec: openapi/tasks.yaml }\n  - { id: scenes, route: scenes, spec: openapi/scenes.json, splitByTag: true }',
    ),
  );
  const result = await runCli(['build', '--config', config]);
  expect(result.code, result.stderr).toBe(0);
  site = await serveSite(dir, path.join(dir, 'out'), '/docs/');
}, 120_000);
afterAll(async () => {
  await site.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
  await new Promise<void>((resolve) => authServer.close(() => resolve()));
});

async function expectInView(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const el = document.getElementById(target);
      const top = el?.getBoundingClientRect().top ?? -1;
      const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
      return el !== null && top >= navbar - 2 && top < window.innerHeight / 2;
    },
    id,
    { timeout: 10_000 },
  );
}

describe('API pages from config', () => {
  it('builds one page per spec (a split spec: an overview and one page per tag), each with its own operations', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false });
    const count = async (route: string) => {
      await page.goto(`${site.origin}/docs/${route}`);
      return page.locator('section.api-op').count();
    };
    expect([await count('api/'), await count('pets/'), await count('tasks/'), await count('scenes/'), await count('scenes/scenes/'), await count('scenes/nodes/')]).toEqual([1, 6, 3, 0, 2, 1]);
    await page.goto(`${site.origin}/docs/scenes/`);
    expect(await page.locator('.api-overview__item a').allTextContents()).toEqual(['scenes', 'nodes']);
    await page.close();
  });

  it('deep links without operationId open in view, in our form and in Swagger UI form', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, 'tasks/#operation/delete_tasks__taskId_');
    await expectInView(page, 'operation/delete_tasks__taskId_');
    await page.evaluate(() => (window.location.hash = '#/Task%20Lists/post_lists__listId__tasks'));
    await expectInView(page, 'operation/post_lists__listId__tasks');
    expect(new URL(page.url()).hash).toBe('#operation/post_lists__listId__tasks');
    await page.close();
  });

  it("shows an API page reached by client navigation with its stylesheet loaded first", async () => {
    const { page } = await openPage(site);
    await openRoute(site, page, 'guide/');
    expect(await page.evaluate(() => document.querySelectorAll('link[href*="api-page-styles"]').length)).toBe(0);
    // The first moment the reference is in the page, it is already laid out by its stylesheet.
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
      new MutationObserver((_, observer) => {
        const layout = document.querySelector('.api-layout');
        if (!layout) return;
        (window as unknown as { layoutDisplay: string }).layoutDisplay = getComputedStyle(layout).display;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
      const link = document.createElement('a');
      // The mini API names no server: its page runs under the doc pages' policy, so no page load.
      link.href = `${document.documentElement.dataset.base}api/`;
      link.id = 'to-api';
      link.textContent = 'to the API';
      document.querySelector('main')?.prepend(link);
    });
    await page.click('#to-api');
    await page.waitForSelector('.api-layout');
    const seen = await page.evaluate(() => {
      const state = window as unknown as { samePage?: boolean; layoutDisplay?: string };
      return { samePage: state.samePage, layoutDisplay: state.layoutDisplay };
    });
    expect(seen.samePage).toBe(true); // a client navigation, not a page load
    expect(seen.layoutDisplay).toBe('flex');
    expect(await page.evaluate(() => document.querySelectorAll('link[href*="api-page-styles"]').length)).toBe(1);
    // Between the pages of a split API, the stylesheet its first page linked is not added again.
    await openRoute(site, page, 'scenes/');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.locator('.api-overview__item a', { hasText: 'nodes' }).click();
    await page.waitForURL(/\/docs\/scenes\/nodes\//);
    await page.waitForSelector('[id="operation/listLinks"]');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('link[href*="api-page-styles"]').length)).toBe(1);
    await page.close();
  });

  it('on a split API, an operation anchor on the overview goes to its page, in view', async () => {
    const { page } = await openPage(site);
    await openRoute(site, page, 'scenes/#operation/listLinks');
    await page.waitForURL(/\/docs\/scenes\/nodes\/#operation\/listLinks$/);
    await expectInView(page, 'operation/listLinks');
    await page.close();
  });

  it('on a split API, each page keeps the filter text it showed, through Back and Forward', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    const input = page.locator('#api-filter-input');
    const shown = () => page.locator('section.api-op:visible').evaluateAll((els) => els.map((el) => el.id));
    await openApiRoute(site, page, 'scenes/scenes/');
    await input.fill('node');
    expect(await shown()).toEqual(['operation/getScene', 'operation/patchScene']);
    await input.fill('node chang');
    expect(await shown()).toEqual(['operation/patchScene']);
    await input.fill('node');
    // The other tag's page, from the column (a new history entry): the text goes with the reader.
    await page.locator('.api-nav a.api-nav__tag', { hasText: /^nodes$/ }).click();
    await page.waitForURL(/\/docs\/scenes\/nodes\//);
    await expect.poll(shown).toEqual(['operation/listLinks']);
    expect(await input.inputValue()).toBe('node');
    await input.fill('links');
    await page.waitForTimeout(400);
    await page.goBack();
    await page.waitForURL(/\/docs\/scenes\/scenes\/$/);
    await expect.poll(() => input.inputValue()).toBe('node');
    await expect.poll(shown).toEqual(['operation/getScene', 'operation/patchScene']);
    await page.goForward();
    await page.waitForURL(/\/docs\/scenes\/nodes\//);
    await expect.poll(() => input.inputValue()).toBe('links');
    await expect.poll(shown).toEqual(['operation/listLinks']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on a split API, keeps a filter typed just before Back, when Forward comes back to it', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    const input = page.locator('#api-filter-input');
    const shown = () => page.locator('section.api-op:visible').evaluateAll((els) => els.map((el) => el.id));
    await openApiRoute(site, page, 'scenes/scenes/');
    await page.locator('.api-nav a.api-nav__tag', { hasText: /^nodes$/ }).click();
    await page.waitForURL(/\/docs\/scenes\/nodes\//);
    await page.waitForSelector('html[data-api-ready]');
    // Typed, and Back in the same task: within the 120 ms before the entry's state is written.
    await page.evaluate(() => {
      const box = document.querySelector('#api-filter-input') as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, 'links');
      box.dispatchEvent(new Event('input', { bubbles: true }));
      window.history.back();
    });
    await page.waitForURL(/\/docs\/scenes\/scenes\/$/);
    await expect.poll(() => input.inputValue()).toBe('');
    await page.waitForTimeout(300); // when a save still waiting would have landed, on the wrong entry
    await page.goForward();
    await page.waitForURL(/\/docs\/scenes\/nodes\//);
    await expect.poll(() => input.inputValue()).toBe('links');
    await expect.poll(shown).toEqual(['operation/listLinks']);
    // The entry Back went to kept its own (empty) text.
    await page.goBack();
    await page.waitForURL(/\/docs\/scenes\/scenes\/$/);
    await expect.poll(() => input.inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on a split API, the column marks the operation read on a tag page and nothing on the overview', async () => {
    const { page } = await openPage(site);
    const marked = () => page.locator('.api-nav a[aria-current="location"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    await openRoute(site, page, 'scenes/nodes/#operation/listLinks');
    await expectInView(page, 'operation/listLinks');
    await expect.poll(marked).toEqual(['#operation/listLinks']);
    await openApiRoute(site, page, 'scenes/');
    await page.waitForTimeout(300); // a mark would be set by now: the column tracks on the first frame
    expect(await marked()).toEqual([]);
    await page.close();
  });

  it('Try it sends the path, query and header parameters to the server and shows the answer', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, 'tasks/#operation/get_lists__listId__tasks');
    const op = page.locator('[id="operation/get_lists__listId__tasks"]');
    await op.locator('[data-try-it]').click();
    const form = op.locator('.swagger-ui');
    await form.locator('tr[data-param-name="listId"] input').waitFor({ timeout: 30_000 });
    // A required header starts with the value the build made for the samples (this operation shows its author's own), as the path parameters do.
    const values = JSON.parse((await op.locator('[data-try-it]').getAttribute('data-try-values')) ?? '{}') as { header?: Record<string, string> };
    expect(values.header?.['X-Trace']).toEqual(expect.any(String));
    expect(await form.locator('tr[data-param-name="X-Trace"] input').inputValue()).toBe(values.header?.['X-Trace']);
    await form.locator('tr[data-param-name="listId"] input').fill('5d4c3b2a-0000-4000-8000-000000000001');
    await form.locator('tr[data-param-name="limit"] input').fill('5');
    await form.locator('tr[data-param-name="X-Trace"] input').fill('0123456789abcdef');
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    expect(received.at(-1)).toEqual({ method: 'GET', url: '/v2/lists/5d4c3b2a-0000-4000-8000-000000000001/tasks?limit=5', trace: '0123456789abcdef' });
    expect(await form.locator('.live-responses-table').textContent()).toContain('Water the plants');
    // One panel at a time: the next Try it moves the form.
    await page.locator('[id="operation/post_lists__listId__tasks"] [data-try-it]').click();
    await page.locator('[id="operation/post_lists__listId__tasks"] .swagger-ui .opblock').waitFor();
    expect(await op.locator('[data-try-panel]').isHidden()).toBe(true);
    await page.close();
  });

  it("Try it's body message follows a change of media type: a JSON problem goes when the body is XML or a form", async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, 'pets/#operation/updatePet');
    const op = page.locator('[id="operation/updatePet"]');
    await op.locator('[data-try-it]').click();
    const form = op.locator('.swagger-ui');
    const editor = form.locator('textarea.body-param__text');
    await editor.waitFor({ timeout: 30_000 });
    await editor.fill('{"name": ');
    await form.locator('button.execute').click();
    const problem = form.locator('#api-try-body-problem[role="alert"]');
    await expect.poll(() => problem.textContent()).toMatch(/JSON/);
    const mediaType = form.locator('.body-param-content-type select, select[aria-label="Request content type"]').first();
    // As XML the text typed stays (Swagger UI keeps an edited body), and is no longer checked as JSON.
    await mediaType.selectOption('application/xml');
    expect(await editor.inputValue()).toBe('{"name": ');
    await expect.poll(() => problem.count()).toBe(0);
    // Back to JSON, Execute refuses it again; as a form, its fields are Swagger UI's own to check.
    await mediaType.selectOption('application/json');
    await editor.fill('{"name": ');
    await form.locator('button.execute').click();
    await expect.poll(() => problem.textContent()).toMatch(/JSON/);
    await mediaType.selectOption('application/x-www-form-urlencoded');
    await expect.poll(() => problem.count()).toBe(0);
    // Swagger UI's form warns of a field format it has no own input for (JsonSchema_string_uri), and uses its text input.
    expect(problems.filter((problem) => !problem.startsWith('warning'))).toEqual([]);
    await page.close();
  });

  /** Opens Try it on listing the tasks (a secured call) and its Authorize dialog; `send` fills the form in and executes it. */
  async function authorizeDialog() {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, 'tasks/#operation/get_lists__listId__tasks');
    const form = page.locator('[id="operation/get_lists__listId__tasks"] .swagger-ui');
    await page.locator('[id="operation/get_lists__listId__tasks"] [data-try-it]').click();
    await form.locator('.scheme-container button.authorize').click();
    const send = async () => {
      await form.locator('tr[data-param-name="listId"] input').fill('5d4c3b2a-0000-4000-8000-000000000002');
      await form.locator('tr[data-param-name="X-Trace"] input').fill('fedcba9876543210');
      await form.locator('button.execute').click();
      await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    };
    return { page, problems, dialog: page.locator('.swagger-ui .dialog-ux .modal-ux'), send };
  }

  it("Try it's Authorize button takes a key that the next request sends", async () => {
    const { page, problems, dialog, send } = await authorizeDialog();
    const key = dialog.locator('.auth-container', { hasText: 'boardKey' });
    await key.locator('input[type="text"], input[type="password"]').first().fill('board-secret-1');
    await key.locator('button.authorize').click();
    await key.locator('button.btn-done').click();
    await send();
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: expect.stringMatching(/^\/v2\/lists\/5d4c3b2a-0000-4000-8000-000000000002\/tasks/), key: 'board-secret-1' });
    expect(problems).toEqual([]); // no CSP violation or error from the dialog
    await page.close();
  });

  for (const flow of ['implicit', 'authorizationCode'] as const) {
    it(`Try it signs in with OAuth 2.0 (${flow}) through the redirect page, and the next request sends the token`, async () => {
      const { page, problems, dialog, send } = await authorizeDialog();
      const block = dialog.locator('.auth-container', { hasText: `boardLogin (OAuth2, ${flow})` });
      await block.locator('input#client_id, input[data-name="clientId"], input[id^="client_id"]').first().fill('docs-reader');
      if (flow === 'authorizationCode') await block.locator('input[id^="client_secret"]').first().fill('docs-secret').catch(() => undefined);
      const popup = page.waitForEvent('popup');
      await block.locator('button.authorize').click();
      // The sign-in window goes to the authorization server, back to the redirect page, and closes.
      const signIn = await popup;
      if (!signIn.isClosed()) await signIn.waitForEvent('close', { timeout: 15_000 });
      await block.getByText('Authorized', { exact: true }).waitFor({ timeout: 15_000 });
      await block.locator('button.btn-done').click();
      await send();
      const token = flow === 'implicit' ? 'implicit-token-1' : 'code-token-1';
      expect(received.at(-1)).toMatchObject({ method: 'GET', authorization: `Bearer ${token}` });
      if (flow === 'authorizationCode') expect(new URLSearchParams(tokenRequests.at(-1)).get('grant_type')).toBe('authorization_code');
      expect(problems).toEqual([]); // no CSP violation: the redirect page and the token URL are allowed
      await page.close();
    });
  }

  it("lists Authentication in the column; it shows every scheme with the OAuth flow's URL and scopes, and operations link their schemes", async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, 'pets/');
    await page.locator('.api-nav a', { hasText: /^Authentication$/ }).click();
    await expectInView(page, 'authentication');
    const section = page.locator('.api-auth');
    expect(await section.locator('h3').allTextContents()).toEqual(['petstore_auth OAuth 2.0#', 'api_key API key#']);
    expect(await section.textContent()).toContain('Authorization URL: https://petstore.example.com/oauth/authorize');
    expect(await section.locator('.api-auth__scopes td code').allTextContents()).toEqual(['write:pets', 'read:pets']);
    expect(await section.textContent()).toContain('Sent in the header: api_key');
    // An operation's "Authorization" names each scheme with a link to it.
    await page.locator('[id="operation/getPetById"] .api-op__security a', { hasText: 'api_key' }).click();
    await expectInView(page, 'security/api_key');
    // While the filter narrows the operations, the section steps aside with the introduction.
    await page.locator('#api-filter-input').fill('delete');
    expect(await section.isVisible()).toBe(false);
    await page.locator('#api-filter-input').fill('');
    expect(await section.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists an operation under its second tag with a link to it, in the column and in the page, and filters the listing', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, 'tasks/');
    const admin = page.locator('section.api-tag', { has: page.locator('h2', { hasText: 'Board admin' }) });
    expect(await admin.locator('section.api-op').count()).toBe(1);
    expect(await admin.locator('.api-tag__also a').allTextContents()).toEqual(['POST Add a task']);
    await admin.locator('.api-tag__also a').click();
    await expectInView(page, 'operation/post_lists__listId__tasks');
    // The column lists it under both tags; both links lead to the one operation.
    const links = page.locator('.api-nav a[href="#operation/post_lists__listId__tasks"]');
    expect(await links.count()).toBe(2);
    await page.locator('#api-filter-input').fill('zzz');
    expect(await admin.isVisible()).toBe(false);
    await page.locator('#api-filter-input').fill('add');
    expect(await admin.locator('.api-tag__also li').isVisible()).toBe(true);
    // The tag's own operation matches, the listing does not: no "Also tagged" heading left empty.
    await page.locator('#api-filter-input').fill('delete');
    expect(await admin.isVisible()).toBe(true);
    expect(await admin.locator('.api-tag__also').isVisible()).toBe(false);
    // A property of its request body (the column's filter words) finds the listing, not the tag's own operation.
    await page.locator('#api-filter-input').fill('priority');
    expect(await admin.locator('.api-tag__also li').isVisible()).toBe(true);
    expect(await admin.locator('section.api-op').isVisible()).toBe(false);
    expect(await page.locator('.api-nav a[href="#operation/post_lists__listId__tasks"]').count()).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the author's own samples first, and a language an operation lacks falls back to its first sample", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, 'tasks/');
    const list = page.locator('[id="operation/get_lists__listId__tasks"]');
    const add = page.locator('[id="operation/post_lists__listId__tasks"]');
    const shown = async (op: typeof list) => (await op.locator('.api-sample:visible pre').textContent())?.trim();
    expect(await list.locator('button[data-lang]').allTextContents()).toEqual(['Go', 'cURL', 'JavaScript', 'Python', 'PowerShell']);
    // curl (the default language): the author's curl replaces the one docsgen writes.
    expect(await shown(list)).toBe('curl https://board.example.com/v2/lists/1/tasks');
    expect(await shown(add)).toMatch(/^curl -X POST /);
    // Go, which only the first operation has: the others keep showing their first sample.
    await list.locator('button[data-lang="go"]').click();
    expect(await shown(list)).toBe('resp, err := http.Get(url)');
    expect(await list.locator('button[data-lang="go"]').getAttribute('aria-pressed')).toBe('true');
    expect(await shown(add)).toMatch(/^curl -X POST /);
    expect(await add.locator('button[data-lang="curl"]').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    expect(await shown(list)).toBe('resp, err := http.Get(url)');
    await list.locator('button[data-lang="curl"]').click();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists the webhooks in the column and shows each with its payload; the filter hides them', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, 'tasks/');
    await page.locator('.api-nav__webhooks a', { hasText: 'A task was done' }).click();
    await expectInView(page, 'webhook/taskDone/post');
    const webhook = page.locator('[id="webhook/taskDone/post"]');
    expect(await webhook.locator('.api-op__path').textContent()).toBe('taskDone');
    expect((await webhook.locator('.api-block h4').allTextContents()).map((text) => text.split(' ')[0])).toEqual(['Request', 'Responses']);
    await page.locator('#api-filter-input').fill('add');
    expect(await page.locator('.api-webhooks').isVisible()).toBe(false);
    expect(await page.locator('.api-nav__webhooks').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('filters operations, copies code and remembers the sample language', async () => {
    const { page } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApiRoute(site, page, 'pets/');
    await page.locator('#api-filter-input').fill('delete');
    expect(await page.locator('section.api-op:visible').count()).toBe(1);
    expect(await page.locator('.api-nav__op').allTextContents()).toEqual(['DELETEDeletes a pet']);
    await page.locator('#api-filter-input').fill('zzz');
    expect(await page.locator('[data-filter-empty]').isVisible()).toBe(true);
    await page.locator('#api-filter-input').fill('');
    const get = page.locator('[id="operation/getPetById"]');
    await get.locator('.api-sample[data-sample="curl"] [data-copy]').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("curl -X GET 'https://fixture.example.com/api/v3/pet/10' \\\n  -H 'api_key: YOUR_API_KEY'");
    await get.locator('button[data-lang="python"]').click();
    expect(await get.locator('.api-sample[data-sample="python"]').isVisible()).toBe(true);
    expect(await get.locator('.api-sample[data-sample="curl"]').isVisible()).toBe(false);
    expect(await page.locator('[id="operation/addPet"] .api-sample[data-sample="python"]').isVisible()).toBe(true);
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    expect(await page.locator('[id="operation/addPet"] button[data-lang="python"]').getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  it('opens a collapsed schema from its section, and says "circular" where a schema contains itself', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, 'scenes/scenes/#operation/patchScene');
    const response = page.locator('[id="operation/patchScene"] .api-response[data-status="200"]');
    const root = response.locator('.api-prop', { has: page.locator('.api-prop__name', { hasText: /^root$/ }) }).first();
    await root.locator('> details.api-nested > summary').click();
    await root.locator('> details.api-nested .api-prop__name', { hasText: /^children$/ }).waitFor();
    const children = root.locator('> details.api-nested .api-prop', { has: page.locator('.api-prop__name', { hasText: /^children$/ }) }).first();
    expect(await children.textContent()).toContain('circular: Node');
    await page.close();
  });

  it('search finds an operation and lands on it', async () => {
    const { page } = await openPage(site);
    await openRoute(site, page, 'guide/first/');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('Delete a task');
    const hit = page.locator('.DocSearch-Hit a', { hasText: 'Delete a task' }).first();
    await hit.waitFor();
    await hit.click();
    await page.waitForURL(/\/docs\/tasks\/#operation\/delete_tasks__taskId_$/);
    await expectInView(page, 'operation/delete_tasks__taskId_');
    await page.close();
  });
});

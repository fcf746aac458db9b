import { describe, expect, it, vi } from 'vitest';
import { apiRequest, matchesContract } from './client';
import * as Contract from '../../../core/contract/index';
import { answerCheck, workerContractCheck, type CheckerPort, type CheckRequest } from './contract-check';
import { configureApi, configureContract, contractModule } from './config';
import { setClock } from '../clock';
import { getProfile, login, profileUpdatePayload, updateProfile } from "./account";
import { ApiError, ContractError, NetworkError } from './errors';
import { makeProfile, withFakeApi } from '../../../tests/support/data-helpers';

const fake = withFakeApi();

/**
 * The page's contract worker on a MessageChannel: the far end answers as contract-worker.ts does
 * (or holds its answers, `answer: false`), and records what it was asked.
 */
function contractWorker({ answer = true } = {}) {
  const channel = new MessageChannel();
  const checked: string[] = [];
  let started = 0;
  let terminated = 0;
  let near: CheckerPort | undefined;
  channel.port2.onmessage = ({ data }: MessageEvent<CheckRequest>) => {
    checked.push(data.name);
    if (answer) channel.port2.postMessage(answerCheck(Contract, data));
  };
  const contractCheck = workerContractCheck(() => {
    started += 1;
    near = { postMessage: (message) => channel.port1.postMessage(message), onmessage: null, onerror: null, terminate: () => (terminated += 1) };
    channel.port1.onmessage = (event) => near?.onmessage?.(event);
    return near;
  });
  return {
    contractCheck,
    checked,
    get started() {
      return started;
    },
    get terminated() {
      return terminated;
    },
    /** The worker fails as a Worker does: its error event. */
    fail: () => near?.onerror?.(new Event('error') as ErrorEvent),
    close: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}

describe('apiRequest', () => {
  it('sends the app id, JSON headers and credentials', async () => {
    const spy = vi.fn(globalThis.fetch.bind(globalThis));
    configureApi({ fetch: spy });
    fake.api.handle(() => ({ body: { ok: true } }));
    await expect(apiRequest('PUT', '/thing', { body: { a: 1 }, idempotencyKey: 'key-1', scope: null })).resolves.toEqual({ ok: true });
    const [request] = fake.api.requests;
    expect(request?.headers['x-app-id']).toBe('member-pwa');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['idempotency-key']).toBe('key-1');
    expect(request?.body).toEqual({ a: 1 });
    expect(spy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it("sends the caller's scope as headers, and none for a member-wide call", async () => {
    fake.api.handle(() => ({ body: {} }));
    await apiRequest('GET', '/a', { scope: { facilityGuid: null, clubId: null } });
    await apiRequest('GET', '/b', { scope: { facilityGuid: 'fac-1', clubId: 7 } });
    await apiRequest('GET', '/c', { scope: null });
    await apiRequest('GET', '/d', { scope: { facilityGuid: null, clubId: 9 } });
    const [a, b, c, d] = fake.api.requests;
    expect(a?.headers['x-facility-id']).toBeUndefined();
    expect(b?.headers['x-facility-id']).toBe('fac-1');
    expect(b?.headers['x-club-id']).toBe('7');
    expect(c?.headers['x-club-id']).toBeUndefined();
    expect(d?.headers['x-club-id']).toBe('9');
    expect(d?.headers['x-facility-id']).toBeUndefined();
  });

  it('encodes the query and leaves out empty values', async () => {
    fake.api.handle(() => ({ body: [] }));
    await apiRequest('GET', '/sessions', { scope: null, query: { from: '2026-01-01', ids: [1, 2], skip: undefined, none: null, q: 'a b' } });
    expect(fake.api.requests[0]?.path).toBe('/sessions?from=2026-01-01&ids=1&ids=2&q=a+b');
  });

  it('answers 204 and empty bodies with undefined', async () => {
    fake.api.handle(() => ({ status: 204 }));
    await expect(apiRequest('DELETE', '/x', { scope: null })).resolves.toBeUndefined();
  });

  it("throws ApiError with the server's body", async () => {
    const body = { message: 'Locale must be one of en, fr.', code: 'validation_failed', errors: [{ path: 'profile.locale', message: 'bad' }] };
    fake.api.handle(() => ({ status: 422, body }));
    const error = await apiRequest('PUT', '/profile', { body: {}, scope: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: body.message, body });
  });

  it('synthesizes a body when the error is not JSON', async () => {
    fake.api.handle(() => ({ status: 502, raw: '<html>Bad gateway</html>' }));
    const error = (await apiRequest('GET', '/x', { scope: null }).catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({ message: 'Bad Gateway', code: 'http_502' });
  });

  it('reads Retry-After into retryAfterMs', async () => {
    fake.api.handle(() => ({ status: 429, body: { message: 'Slow down', code: 'rate_limited' }, headers: { 'Retry-After': '30' } }));
    const error = (await apiRequest('GET', '/x', { scope: null }).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterMs).toBe(30_000);
  });

  it('measures a dated Retry-After on the engine clock, which the outbox adds it to', async () => {
    const at = Date.parse('2030-03-02T09:00:00.000Z');
    setClock(() => at);
    const retryAt = new Date(at + 90_000).toUTCString();
    fake.api.handle(() => ({ status: 503, body: { message: 'Maintenance', code: 'http_503' }, headers: { 'Retry-After': retryAt } }));
    const error = (await apiRequest('GET', '/x', { scope: null }).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterMs).toBe(90_000);
  });

  it('calls onUnauthorized on a 401 and waits for it before throwing', async () => {
    const order: string[] = [];
    configureApi({
      onUnauthorized: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push('handler');
      },
    });
    fake.api.handle(() => ({ status: 401, body: { message: 'Sign in', code: 'unauthorized' } }));
    await apiRequest('GET', '/profile', { scope: null }).catch(() => order.push('thrown'));
    expect(order).toEqual(['handler', 'thrown']);
  });

  it('does not treat wrong credentials at login as an expired session', async () => {
    const onUnauthorized = vi.fn();
    configureApi({ onUnauthorized });
    fake.api.handle(() => ({ status: 401, body: { message: 'Email or password is incorrect.', code: 'invalid_credentials' } }));
    await expect(login('a@b.c', 'x')).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(fake.api.requests[0]?.headers['x-facility-id']).toBeUndefined();
    expect(fake.api.requests[0]?.body).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('turns a failed fetch into NetworkError', async () => {
    configureApi({ fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const error = await apiRequest('GET', '/x', { scope: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('failed');
  });

  it('times out', async () => {
    fake.api.handle(() => ({ body: {}, delayMs: 200 }));
    const error = (await apiRequest('GET', '/slow', { timeoutMs: 20, scope: null }).catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.kind).toBe('timeout');
  });

  it("reports the caller's abort as aborted", async () => {
    fake.api.handle(() => ({ body: {}, delayMs: 200 }));
    const controller = new AbortController();
    const pending = apiRequest('GET', '/slow', { signal: controller.signal, scope: null }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 10);
    expect(((await pending) as NetworkError).kind).toBe('aborted');
  });
});

describe('contract checks', () => {
  it('returns an answer that matches the schema as sent, unknown fields included', async () => {
    fake.api.handle(() => ({ body: [{ name: 'Pacific/Auckland', offset: '+13:00', abbreviation: 'NZDT' }] }));
    await expect(apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null })).resolves.toEqual([{ name: 'Pacific/Auckland', offset: '+13:00', abbreviation: 'NZDT' }]);
  });

  it('throws ContractError naming the request and the field when a relied-on field is wrong', async () => {
    fake.api.handle(() => ({ body: [{ name: 'Pacific/Auckland', offset: 13 }] }));
    const error = await apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).request).toBe('GET /timezones');
    expect((error as ContractError).issues[0]?.path).toBe('0.offset');
  });

  it('GET /profile checks the answer against the contract', async () => {
    const { accounts: _dropped, ...broken } = makeProfile(1);
    fake.api.handle(() => ({ body: broken }));
    await expect(getProfile()).rejects.toBeInstanceOf(ContractError);
  });

  it('a load of the schemas that failed (a dropped connection) is tried again by the next call', async () => {
    const load = vi.fn<() => Promise<typeof import('../../../core/contract/index')>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    load.mockImplementation(() => import('../../../core/contract/index'));
    configureContract(load);
    try {
      await expect(contractModule()).rejects.toThrow('Failed to fetch');
      fake.api.handle(() => ({ body: [{ name: 'Pacific/Auckland', offset: '+13:00', abbreviation: 'NZDT' }] }));
      await expect(apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null })).resolves.toHaveLength(1);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      configureContract(() => import('../../../core/contract/index'));
    }
  });

  it("checks in the page's worker, without loading the contract on this thread, and still refuses what does not match", async () => {
    const here = vi.fn(() => import('../../../core/contract/index'));
    configureContract(here);
    const worker = contractWorker();
    configureApi({ contractCheck: worker.contractCheck });
    try {
      fake.api.handle(() => ({ body: [{ name: 'Pacific/Auckland', offset: '+13:00', abbreviation: 'NZDT' }] }));
      await expect(apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null })).resolves.toHaveLength(1);
      fake.api.handle(() => ({ body: [{ name: 7 }] }));
      const refused = apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null });
      await expect(refused).rejects.toBeInstanceOf(ContractError);
      await expect(refused).rejects.toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ path: '0.name' })]) });
      await expect(matchesContract('timezoneList', [{ name: 'UTC', offset: '+00:00', abbreviation: 'UTC' }])).resolves.toBe(true);
      await expect(matchesContract('timezoneList', [{ name: 7 }])).resolves.toBe(false);
      // One worker, made when the first answer was asked for; each answer checked there.
      expect(worker.started).toBe(1);
      expect(worker.checked).toEqual(['timezoneList', 'timezoneList', 'timezoneList', 'timezoneList']);
      expect(here).not.toHaveBeenCalled();
    } finally {
      worker.close();
      configureApi({ contractCheck: undefined });
      configureContract(() => import('../../../core/contract/index'));
    }
  });

  it('a worker that stops (or cannot start) leaves its checks, the waiting ones too, to this thread', async () => {
    const worker = contractWorker({ answer: false });
    configureApi({ contractCheck: worker.contractCheck });
    try {
      fake.api.handle(() => ({ body: [{ name: 7 }] }));
      const waiting = apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null });
      await vi.waitFor(() => expect(worker.checked).toHaveLength(1));
      worker.fail();
      expect(worker.terminated).toBe(1);
      await expect(waiting).rejects.toBeInstanceOf(ContractError);
      fake.api.handle(() => ({ body: [{ name: 'Pacific/Auckland', offset: '+13:00', abbreviation: 'NZDT' }] }));
      await expect(apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null })).resolves.toHaveLength(1);
      expect(worker.checked).toHaveLength(1);

      const unstartable = workerContractCheck(() => {
        throw new DOMException('blocked', 'SecurityError');
      });
      configureApi({ contractCheck: unstartable });
      fake.api.handle(() => ({ body: [{ name: 7 }] }));
      await expect(apiRequest('GET', '/timezones', { schema: 'timezoneList', scope: null })).rejects.toBeInstanceOf(ContractError);
    } finally {
      worker.close();
      configureApi({ contractCheck: undefined });
    }
  });

  it('signing in checks the profile it answers with', async () => {
    fake.api.handle(() => ({ body: { ...makeProfile(1), track_training: 'yes' } }));
    await expect(login('sam@example.com', 'secret')).rejects.toBeInstanceOf(ContractError);
  });
});

describe('endpoints', () => {
  it('PUT /profile leaves out accounts, calendar_token and preferences', async () => {
    fake.api.handle(() => ({ body: makeProfile(1) }));
    const { accounts: _a, ...rest } = makeProfile(1);
    await updateProfile({ ...rest, accounts: [], calendar_token: 'secret', preferences: { x: 1 } }, { idempotencyKey: 'k' });
    const sent = (fake.api.requests[0]?.body as { profile: Record<string, unknown> }).profile;
    expect(sent).not.toHaveProperty('accounts');
    expect(sent).not.toHaveProperty('calendar_token');
    expect(sent).not.toHaveProperty('preferences');
    expect(sent.first_name).toBe('Alex');
    expect(profileUpdatePayload({ locale: 'fr' })).toEqual({ locale: 'fr' });
  });
});

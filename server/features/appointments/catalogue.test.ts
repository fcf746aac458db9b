// The appointment catalogue: services, staff and free slots of the facility asked about, from the
// demo seed; another organisation's ids answer 404; taken slots are never free. On SQLite and,
// under npm run test:pg, PostgreSQL.
import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import type { AppointmentSlot, Service, StaffMember } from '../../../core/contract/types';
import { ALEX, json, KAI, signedIn, useSignedInServer } from '../../testing/helpers';
import { facilityGuid } from '../../testing/booking-helpers';

describe('appointment catalogue', () => {
  const ctx = useSignedInServer(ALEX);
  const at = async (facility: 'Wellington' | 'Petone' | 'Tallinn Old Town') => ({ 'X-Facility-Id': await facilityGuid(ctx.server.running.db, facility) });
  const get = async <T>(path: string, facility: 'Wellington' | 'Petone' | 'Tallinn Old Town' = 'Wellington') => {
    const res = await ctx.member.get(path, { headers: await at(facility) });
    return { status: res.status, body: await json<T>(res) };
  };

  it('lists the services given at the facility, with price, currency and what covers them', async () => {
    const { status, body } = await get<Service[]>('/api/v1/services');
    expect(status).toBe(200);
    expect(body.map((s) => s.name)).toEqual(['Nutrition Consult', 'Personal Training', 'Personal Training (30 min)', 'Sports Physio']);
    const pt = body.find((s) => s.name === 'Personal Training')!;
    expect(pt).toMatchObject({ duration_minutes: 60, price: 95, currency: 'NZD', covered_by: { memberships: ['Unlimited Membership'], passes: [] } });
    // Massage is given at Petone only.
    expect((await get<Service[]>('/api/v1/services', 'Petone')).body.map((s) => s.name)).toEqual(['Personal Training', 'Personal Training (30 min)', 'Sports Massage']);
    expect((await get<Service>(`/api/v1/services/${pt.id}`)).body).toEqual(pt);
  });

  it('lists who gives a service there, and only them', async () => {
    const services = (await get<Service[]>('/api/v1/services')).body;
    const physio = services.find((s) => s.name === 'Sports Physio')!;
    const { body } = await get<StaffMember[]>(`/api/v1/staff?service_id=${physio.id}`);
    expect(body).toEqual([{ id: expect.any(Number) as number, full_name: 'Aroha Ngata', bio: expect.any(String) as string, photo_url: null, service_ids: [physio.id] }]);
    expect((await get<StaffMember[]>('/api/v1/staff')).body.map((s) => s.full_name)).toEqual(['Aroha Ngata', 'Mere Tane', 'Rangi Walker']);
  });

  it('gives free slots on the grid, never a taken one, and none before the notice', async () => {
    const { db } = ctx.server.running;
    const services = (await get<Service[]>('/api/v1/services')).body;
    const pt60 = services.find((s) => s.name === 'Personal Training')!;
    const mere = (await get<StaffMember[]>(`/api/v1/staff?service_id=${pt60.id}`)).body.find((s) => s.full_name === 'Mere Tane')!;
    const { status, body } = await get<AppointmentSlot[]>(`/api/v1/staff/${mere.id}/availability?service_id=${pt60.id}&days=4`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    for (const slot of body) expect(new TZDate(Date.parse(slot.start_at), 'Pacific/Auckland').getMinutes() % 15).toBe(0);
    // Mere's booked appointments: every slot overlapping one is taken.
    const booked = await db.selectFrom('appointments').select(['start_at', 'end_at']).where('staff_id', '=', mere.id).where('status', '=', 'booked').execute();
    expect(booked.length).toBeGreaterThanOrEqual(2);
    for (const b of booked) {
      const overlapping = body.filter((s) => Date.parse(s.start_at) < Date.parse(b.end_at!) && Date.parse(b.start_at) < Date.parse(s.start_at) + 60 * 60_000);
      for (const slot of overlapping) expect(slot.available, slot.start_at).toBe(false);
    }
    const soon = Date.now() + 2 * 3_600_000;
    expect(body.filter((s) => s.available).every((s) => Date.parse(s.start_at) >= soon - 60_000)).toBe(true);
  });

  it('answers 404 for another organisation\'s service or staff, 403 to a member with no account there, and explains bad queries', async () => {
    const kai = await ctx.server.running.db.selectFrom('services').innerJoin('orgs', 'orgs.id', 'services.org_id').select('services.id').where('orgs.name', '=', 'Tallinn Movement').executeTakeFirstOrThrow();
    expect((await get(`/api/v1/services/${kai.id}`)).status).toBe(404);
    const tallinnStaff = await ctx.server.running.db.selectFrom('staff').select('id').where('full_name', '=', 'Rasmus Kivi').executeTakeFirstOrThrow();
    expect((await get(`/api/v1/staff/${tallinnStaff.id}/availability?service_id=${kai.id}`)).status).toBe(404);
    const mere = (await get<StaffMember[]>('/api/v1/staff')).body.find((s) => s.full_name === 'Mere Tane')!;
    const bad = await get<{ code: string }>(`/api/v1/staff/${mere.id}/availability?service_id=x&days=40`);
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('validation_failed');
    // Kai has no account at Harbour Strength: its catalogue is refused like its classes.
    const kaiBrowser = await signedIn(ctx.server, KAI);
    expect((await kaiBrowser.get('/api/v1/services', { headers: await at('Wellington') })).status).toBe(403);
  });
});

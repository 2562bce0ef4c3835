import { clientStepSchema } from '@cairn/shared/clients.schemas';
import { describe, expect, it } from 'vitest';
import { createRng, fakePhone, fakePostalCode, fakeSin, fakeUnassignedPhone } from './fake-data.ts';

/** The Luhn check real SINs pass. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].forEach((ch, i) => {
    const v = i % 2 === 1 ? Number(ch) * 2 : Number(ch);
    sum += v > 9 ? v - 9 : v;
  });
  return sum % 10 === 0;
}

describe('sample data', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const seqA = Array.from({ length: 5 }, () => a.int(0, 1000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1000))).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => createRng(43).int(0, 1000))).not.toEqual(seqA);
  });

  it('makes SINs, postal codes and phones the intake form accepts', () => {
    const rng = createRng(7);
    for (let i = 0; i < 200; i++) {
      const sin = fakeSin(rng);
      expect(luhnValid(sin), sin).toBe(true);
      const parsed = clientStepSchema.safeParse({
        first_name: 'A',
        last_name: 'B',
        sin,
        postal_code: fakePostalCode(rng, 'P7B'),
        phone: i % 2 === 0 ? fakePhone(rng, '807') : fakeUnassignedPhone(rng),
      });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it("gives the large seed's clients phone numbers out of service and about as varied as real ones", () => {
    const rng = createRng(11);
    const drawn = Array.from({ length: 20_000 }, () => fakeUnassignedPhone(rng));
    for (const phone of drawn.slice(0, 500)) expect(phone).toMatch(/^[2-9]9\d-[2-9]\d\d-\d{4}$/);
    // 640 million numbers: 20,000 draws repeat a handful at most (fakePhone's 100 an area code would
    // repeat nearly every one).
    expect(new Set(drawn).size).toBeGreaterThan(19_950);
  });
});

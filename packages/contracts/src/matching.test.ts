import { describe, expect, it } from 'vitest';
import { ageBandOf, ageBands, ZCandidateDetail } from './matching';

describe('age bands', () => {
  it('nest: every wider band holds the narrower bands of the same ages', () => {
    for (let age = 16; age <= 90; age++) {
      const [five, ten, twenty] = ([5, 10, 20] as const).map((width) => ageBandOf(age, width));
      for (const band of [five, ten, twenty]) expect(ageBands).toContain(band);
      const range = (band: string) => {
        const [low, high] = band.replace('+', '–200').split('–').map(Number) as [number, number];
        return { low, high };
      };
      expect(range(ten!).low).toBeLessThanOrEqual(range(five!).low);
      expect(range(ten!).high).toBeGreaterThanOrEqual(range(five!).high);
      expect(range(twenty!).low).toBeLessThanOrEqual(range(ten!).low);
      expect(range(twenty!).high).toBeGreaterThanOrEqual(range(ten!).high);
      expect(range(five!).low).toBeLessThanOrEqual(age);
      expect(range(five!).high).toBeGreaterThanOrEqual(age);
    }
    expect([ageBandOf(16, 5), ageBandOf(24, 10), ageBandOf(34, 20), ageBandOf(80, 20)]).toEqual([
      '16–19',
      '16–24',
      '16–34',
      '55+',
    ]);
  });

  it('are the only age an employer can be sent', () => {
    const detail = {
      id: '00000000-0000-4000-8000-000000000002',
      unique_code: 'EM123456',
      location: 'Oslo, Norway',
      gender: null,
      skills: [],
      experiences: [],
      education: [],
      certifications: [],
    };
    expect(ZCandidateDetail.safeParse({ ...detail, age_band: '35–44' }).success).toBe(true);
    expect(ZCandidateDetail.safeParse({ ...detail, age_band: '36' }).success).toBe(false);
    expect(ZCandidateDetail.safeParse({ ...detail, age_band: null, age: 36 }).success).toBe(false);
  });
});

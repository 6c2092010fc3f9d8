import type { FieldName, FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractResolver, deferredContractResolver } from './form-resolver';

const options = <V extends FieldValues>(names: FieldName<V>[] = []): ResolverOptions<V> => ({
  fields: {},
  names,
  shouldUseNativeValidation: false,
});

const ZExperience = z.object({
  companyName: z.string().trim().min(1, { message: 'Company name is required' }),
  skills: z.array(z.string().max(5, { message: 'Skill names are at most 5 characters' })),
});

describe('the contract resolver', () => {
  it('turns the form into the payload and answers the schema output', async () => {
    const resolve = contractResolver<{ companyName: string; skills: string }, z.output<typeof ZExperience>>(
      ZExperience,
      (values) => ({ ...values, skills: values.skills.split(',').map((skill) => skill.trim()) }),
    );
    const result = await resolve({ companyName: ' Acme ', skills: 'Go, SQL' }, undefined, options());
    expect(result).toEqual({ values: { companyName: 'Acme', skills: ['Go', 'SQL'] }, errors: {} });
  });

  it('puts a bad item of a list typed as text on that text field', async () => {
    const resolve = contractResolver<{ companyName: string; skills: string }, z.output<typeof ZExperience>>(
      ZExperience,
      (values) => ({ ...values, skills: values.skills.split(',') }),
    );
    const result = await resolve({ companyName: '', skills: 'Go,TypeScript' }, undefined, options());
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      companyName: { message: 'Company name is required' },
      skills: { message: 'Skill names are at most 5 characters' },
    });
  });

  it('keeps row errors on their row and a rule about the whole array on its root', async () => {
    const ZRows = z.object({
      skills: z
        .array(z.object({ name: z.string().max(3, { message: 'Too long' }) }))
        .refine((rows) => rows.some((row) => row.name.trim()), { message: 'Please add at least one skill' }),
    });
    type Rows = { skills: { name: string }[] };
    const resolve = contractResolver<Rows, z.output<typeof ZRows>>(ZRows);
    const tooLong = await resolve(
      { skills: [{ name: 'Kotlin' }] },
      undefined,
      options<Rows>(['skills.0.name']),
    );
    expect(tooLong.errors).toMatchObject({ skills: [{ name: { message: 'Too long' } }] });
    const blank = await resolve({ skills: [{ name: ' ' }] }, undefined, options<Rows>(['skills.0.name']));
    expect(blank.errors).toMatchObject({ skills: { root: { message: 'Please add at least one skill' } } });
  });
});

describe('the deferred contract resolver', () => {
  const ZName = z.object({ name: z.string().min(1, { message: 'Name is required' }) });

  it('loads its schema once, on warm-up or the first check, and then checks like the contract resolver', async () => {
    let loads = 0;
    const resolve = deferredContractResolver<{ name: string }, z.output<typeof ZName>>(async () => {
      loads += 1;
      return ZName;
    });
    expect(loads).toBe(0);
    resolve.warm();
    resolve.warm();
    expect(await resolve({ name: 'Ada' }, undefined, options())).toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    const refused = await resolve({ name: '' }, undefined, options());
    expect(refused.errors).toMatchObject({ name: { message: 'Name is required' } });
    expect(loads).toBe(1);
  });

  it('rejects while its schema cannot load, and loads it again on the next check', async () => {
    let loads = 0;
    const resolve = deferredContractResolver<{ name: string }, z.output<typeof ZName>>(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return ZName;
    });
    resolve.warm(); // a failed warm-up is silent
    await new Promise((settled) => setTimeout(settled));
    await expect(resolve({ name: 'Ada' }, undefined, options())).resolves.toEqual({
      values: { name: 'Ada' },
      errors: {},
    });
    expect(loads).toBe(2);

    const offline = deferredContractResolver<{ name: string }, z.output<typeof ZName>>(() =>
      Promise.reject(new Error('offline')),
    );
    await expect(offline({ name: 'Ada' }, undefined, options())).rejects.toThrow('offline');
  });
});

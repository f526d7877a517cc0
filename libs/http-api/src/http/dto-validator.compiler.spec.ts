import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { Transform, Type } from 'class-transformer';
import { IsString, ValidateNested, ValidatePromise, Validate, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { DomainError, MAX_PARCELS_PER_REQUEST } from '@lgw/kernel';
import { RatesRequestDto } from '@lgw/rating';
import { CreateShipmentRequestDto } from '@lgw/shipping';
import { DUBAI, PARCELS, ratesBody } from '../../../../test/support/fixtures';
import {
  CONTROL_AND_ODD,
  hostileNumber,
  hostileText,
  hostileTree,
  MALFORMED_BODIES,
  mutatedBody,
  pathsOf,
  poisonedBody,
  withValueAt,
} from '../../../../test/support/hostile-bodies';
import { compileDtoValidator, CompiledValidation, DECLINED, NotCompilable, wantsCompiledValidation } from './dto-validator.compiler';
import { createValidationPipe } from './validation.pipe';

/**
 * The differential test of the compiled validator: every body of the hostile-input corpus, and
 * generated mutations of a valid body, goes through the pipe twice — once on class-transformer
 * and class-validator, once on the compiled plan — and the two must answer the same: the same
 * error (code, field, reason, reason_ar, every listed problem in order) or the same object for
 * the handler (its classes, its keys in order, their values).
 */
const SEED = 20_261_127;
/** Generated bodies per DTO: more for the two routes merchants wait on. */
const HOT_RUNS = 1500;
const RUNS = 400;

const libraries = createValidationPipe({ compiled: false });
const compiled = createValidationPipe();

/** Every detail that can differ: classes, key order, undefined and -0 included. */
function portrait(value: unknown): unknown {
  if (Array.isArray(value)) return ['array', value.map(portrait)];
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    return [prototype?.constructor?.name ?? 'null', Object.keys(record).map((key) => [key, portrait(record[key])])];
  }
  if (typeof value === 'number') return Object.is(value, -0) ? ['number', '-0'] : ['number', String(value)];
  return [typeof value, value === undefined ? 'undefined' : value];
}

async function outcome(pipe: typeof compiled, metatype: unknown, text: string): Promise<string> {
  // Parsed apart for each path: the pipe strips keys of the body it is given.
  const value: unknown = text === '' ? undefined : JSON.parse(text);
  try {
    const result = await pipe.transform(value, { type: 'body', metatype: metatype as never });
    return JSON.stringify({ handed: portrait(result) });
  } catch (error) {
    if (error instanceof DomainError) return JSON.stringify({ refused: error.code, details: error.details });
    return JSON.stringify({ threw: String(error) });
  }
}

/** The compiled plan alone: whether it answered the body itself or handed it to the libraries. */
function answeredByPlan(metatype: new () => object, text: string): boolean {
  return compileDtoValidator(metatype)(text === '' ? undefined : JSON.parse(text)) !== DECLINED;
}

async function expectSame(metatype: unknown, text: string): Promise<void> {
  const expected = await outcome(libraries, metatype, text);
  const actual = await outcome(compiled, metatype, text);
  if (actual !== expected) {
    throw new Error(`the compiled path differs for ${text.slice(0, 400)}\n libraries: ${expected}\n compiled:  ${actual}`);
  }
}

const RATES = {
  ...ratesBody(),
  declared_value: 450,
  declared_value_currency: 'SAR',
  incoterm: 'DAP',
  hs_codes: ['610910'],
  cod_amount: 120.5,
};
const SHIPMENT = {
  ...ratesBody(),
  quote_id: 'q'.repeat(170),
  reference: 'ORDER-10045',
  label_format: 'pdf_a6',
  declared_value: 450,
  incoterm: 'DAP',
  hs_codes: ['610910'],
  cod_amount: 120.5,
};

type Dto = new () => object;

/** Every request DTO that opted in, found in the DTO folders: none can skip this test. */
function optedIn(): Array<[string, Dto]> {
  const libs = path.resolve(__dirname, '../../..');
  const found: Array<[string, Dto]> = [];
  for (const lib of readdirSync(libs).sort()) {
    const folder = path.join(libs, lib, 'src/http/dto');
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
      // Each DTO module of the folder, whatever it exports.
      const exported = require(path.join(folder, file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exported)) {
        if (typeof value === 'function' && wantsCompiledValidation(value)) found.push([name, value as Dto]);
      }
    }
  }
  return found;
}

/** Metadata keys of @nestjs/swagger's @ApiProperty (its constants are not exported). */
const API_PROPERTIES = 'swagger/apiModelProperties';
const API_PROPERTY_NAMES = 'swagger/apiModelPropertiesArray';

/** A body built from the DTO's OpenAPI examples (the same decorators): where mutations start. */
function exampleOf(type: unknown, depth = 0): unknown {
  if (typeof type !== 'function' || depth > 5) return undefined;
  const names = (Reflect.getMetadata(API_PROPERTY_NAMES, type.prototype) as string[] | undefined) ?? [];
  const body: Record<string, unknown> = {};
  for (const key of names) {
    const name = key.replace(/^:/, '');
    const value = exampleValue(Reflect.getMetadata(API_PROPERTIES, type.prototype, name), depth);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

function exampleValue(property: Record<string, unknown> | undefined, depth: number): unknown {
  if (!property) return undefined;
  if (property.example !== undefined) return property.example;
  const enumValues = typeof property.enum === 'function' ? (property.enum as () => unknown)() : property.enum;
  if (Array.isArray(enumValues) && enumValues.length > 0) return property.isArray ? [enumValues[0]] : enumValues[0];
  let type = property.type;
  if (Array.isArray(type)) return [exampleValue({ ...property, type: type[0], isArray: false }, depth)].filter((v) => v !== undefined);
  if (property.isArray) return [exampleValue({ ...property, isArray: false }, depth)].filter((v) => v !== undefined);
  if (typeof type === 'function' && !Reflect.getMetadata(API_PROPERTY_NAMES, type.prototype) && type.name === 'type') {
    type = (type as () => unknown)();
  }
  if (typeof type === 'function' && Reflect.getMetadata(API_PROPERTY_NAMES, type.prototype)) return exampleOf(type, depth + 1);
  return undefined;
}

const ODD_VALUES: unknown[] = [
  'x',
  '',
  ' padded ',
  1,
  0,
  -1,
  0.0009,
  1.005,
  1e308,
  2 ** 53 + 1,
  true,
  false,
  [],
  {},
  [[]],
  [{}],
  [null],
  [1, 'a'],
  { a: 1 },
  ...CONTROL_AND_ODD,
];

/** Hand-made mutations of a valid body: each field missing, null, of every odd type; extra keys. */
function mutationsOf(template: Record<string, unknown>): string[] {
  const bodies: unknown[] = [template];
  for (const path of pathsOf(template).filter((p) => p.length > 0)) {
    bodies.push(withValueAt(template, path, null));
    bodies.push(withoutAt(template, path));
    for (const value of ODD_VALUES) bodies.push(withValueAt(template, path, value));
  }
  for (const count of [0, 1, 2, 20, 21, MAX_PARCELS_PER_REQUEST, MAX_PARCELS_PER_REQUEST + 1]) {
    bodies.push({ ...template, parcels: Array.from({ length: count }, () => PARCELS[0]) });
  }
  bodies.push({ ...template, parcels: PARCELS[0] });
  bodies.push({ ...template, parcels: [PARCELS[0], [PARCELS[0]]] });
  bodies.push({ ...template, parcels: [PARCELS[0], 5, null, 'x'] });
  bodies.push({ ...template, destination: DUBAI });
  bodies.push({ ...template, origin: { city: 'Riyadh' }, parcels: [{ ...PARCELS[0], weight_kg: 0 }] });
  const texts = bodies.map((body) => JSON.stringify(body));
  // Keys a body can carry that name something of the object or of its class.
  for (const key of ['extra', 'toString', 'hasOwnProperty', 'toCommand', 'valueOf', '__proto__', 'constructor', 'prototype']) {
    const extra = `"${key}": {"x": 1}`;
    const json = JSON.stringify(template);
    texts.push(json === '{}' ? `{${extra}}` : `{${extra}, ${json.slice(1)}`);
    texts.push(json.replace('"origin":{', `"origin":{${extra}, `));
    texts.push(json.replace('"parcels":[{', `"parcels":[{${extra}, `));
  }
  return texts;
}

function withoutAt(base: unknown, path: string[]): unknown {
  if (path.length === 1) {
    if (Array.isArray(base)) return base.filter((_, i) => String(i) !== path[0]);
    const copy = { ...(base as Record<string, unknown>) };
    delete copy[path[0]];
    return copy;
  }
  return withValueAt(base, [path[0]], withoutAt((base as Record<string, unknown>)[path[0]], path.slice(1)));
}

/** Valid bodies of the hot routes, by hand: they must pass, so the object handed on is compared too. */
const HOT = new Map<unknown, Record<string, unknown>>([
  [RatesRequestDto, RATES],
  [CreateShipmentRequestDto, SHIPMENT],
]);
/** Where the OpenAPI examples alone do not make a valid body. */
const COMPLETED: Record<string, Record<string, unknown>> = {
  SchedulePickupRequestDto: { shipment_ids: ['8f0e1c52-0c62-4b7e-9d3a-2f1b2c3d4e5f'] },
};
const COMPILED = optedIn();

it('finds the opted-in DTOs, the hot routes among them', () => {
  expect(COMPILED.map(([, dto]) => dto)).toEqual(expect.arrayContaining([...HOT.keys()]));
});

describe.each(COMPILED)('the compiled validator of %s answers as the libraries do', (name, dto) => {
  const template = HOT.get(dto) ?? { ...(exampleOf(dto) as Record<string, unknown>), ...COMPLETED[name] };
  const runs = HOT.has(dto) ? HOT_RUNS : RUNS;
  const fieldName = fc.oneof(fc.constantFrom(...Object.keys(template), 'city', 'country', 'weight_kg', 'extra'), hostileText);

  it('compiles (the route does not silently stay on the libraries)', async () => {
    expect(() => compileDtoValidator(dto)).not.toThrow();
    expect(answeredByPlan(dto, JSON.stringify(template))).toBe(true);
    // The valid body passes, so the object handed on is compared as well as the refusals.
    expect(await outcome(libraries, dto, JSON.stringify(template))).toContain('"handed"');
  });

  it('on the malformed bodies of the robustness corpus', async () => {
    for (const [, raw] of MALFORMED_BODIES) {
      try {
        JSON.parse(raw);
      } catch {
        continue; // not JSON: the body parser refuses it before any pipe
      }
      await expectSame(dto, raw);
    }
    await expectSame(dto, '');
  });

  it('on every field missing, null, of an odd type, and with extra keys', async () => {
    const texts = mutationsOf(template);
    let answered = 0;
    for (const text of texts) {
      await expectSame(dto, text);
      if (answeredByPlan(dto, text)) answered += 1;
    }
    // The plan judges nearly all of them itself; only prototype keys go to the libraries.
    expect(answered).toBeGreaterThan(texts.length * 0.9);
  });

  it('on generated mutations of a valid body (property-based)', async () => {
    const body = fc.oneof(
      { arbitrary: mutatedBody(template, fieldName), weight: 5 },
      { arbitrary: poisonedBody(template), weight: 2 },
      { arbitrary: hostileTree(fieldName), weight: 1 },
      { arbitrary: fc.dictionary(fieldName, fc.oneof(hostileText, hostileNumber, hostileTree(fieldName))), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        await expectSame(dto, JSON.stringify(value) ?? 'null');
      }),
      { seed: SEED, numRuns: runs },
    );
  });
});

describe('what the compiler refuses (the DTO stays on the libraries)', () => {
  class Inner {
    @IsString()
    name: string;
  }

  it('a @Transform', () => {
    class WithTransform {
      @Transform(({ value }) => String(value))
      @IsString()
      name: string;
    }
    expect(() => compileDtoValidator(WithTransform)).toThrow(NotCompilable);
  });

  it('a promise rule', () => {
    class WithPromise {
      @ValidatePromise()
      @ValidateNested()
      @Type(() => Inner)
      inner: Inner;
    }
    expect(() => compileDtoValidator(WithPromise)).toThrow(NotCompilable);
  });

  it('an async rule', () => {
    @ValidatorConstraint({ name: 'later', async: true })
    class Later implements ValidatorConstraintInterface {
      validate(): Promise<boolean> {
        return Promise.resolve(true);
      }
    }
    class WithAsync {
      @Validate(Later)
      name: string;
    }
    expect(() => compileDtoValidator(WithAsync)).toThrow(NotCompilable);
  });

  it('a @Type of a built-in (a conversion, not a class)', () => {
    class WithNumber {
      @Type(() => Number)
      @IsString()
      count: number;
    }
    expect(() => compileDtoValidator(WithNumber)).toThrow(NotCompilable);
  });

  it('and a DTO that did not opt in, or could not compile, answers from the libraries', async () => {
    @CompiledValidation()
    class OptedInButNot {
      @Transform(({ value }) => String(value))
      @IsString({ message: 'must be a string' })
      name: string;
    }
    for (const text of ['{"name": 5}', '{"name": "a", "x": 1}']) await expectSame(OptedInButNot, text);
    expect(await outcome(compiled, OptedInButNot, '{"name": 5}')).toContain('"handed"');
  });
});

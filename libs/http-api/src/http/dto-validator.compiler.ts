import { getMetadataStorage, ValidationTypes } from 'class-validator';

// class-transformer keeps its decorators' metadata in a storage its index does not export.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a module of the package without type declarations
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: unknown };

/**
 * A request DTO's rules, compiled once into a plan that does what class-transformer's
 * plainToInstance and class-validator's validate do for the gateway's options (transform,
 * whitelist, stopAtFirstError): the same constraint instances judge each value, in the same
 * order, and the same error tree comes out, so the pipe turns it into the same 422. What is
 * left out is the work the libraries redo on every request (looking rules up, filtering them
 * by kind, building an error node for every property, a Reflect lookup for every key).
 *
 * A DTO uses it only when it says so (@CompiledValidation) and only when every rule of it is
 * one the plan knows; anything else is refused at compile time and the DTO stays on the
 * libraries (docs/adr/0092). A body the plan was not written for (not a JSON object, a key the
 * pipe strips as prototype pollution) is declined at run time and takes the libraries' path.
 */

/** One node of class-validator's error tree, as `everyViolation` reads it. */
export interface ValidationErrorNode {
  property: string;
  value: unknown;
  constraints?: Record<string, string>;
  children?: ValidationErrorNode[];
}

/** The outcome of a compiled validation: the DTO instance, the errors, or "not for me". */
export type CompiledOutcome = { readonly instance: object } | { readonly errors: ValidationErrorNode[] } | typeof DECLINED;
export type CompiledValidator = (value: unknown) => CompiledOutcome;

export const DECLINED = Symbol('declined');

/** Why a DTO could not be compiled: the pipe falls back to the libraries for it. */
export class NotCompilable extends Error {}

const COMPILED = Symbol('COMPILED_VALIDATION');

/** Opts a request DTO into the compiled validator (the hot routes first; docs/adr/0092). */
export function CompiledValidation(): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(COMPILED, true, target);
  };
}

export function wantsCompiledValidation(target: object): boolean {
  return Reflect.getOwnMetadata(COMPILED, target) === true;
}

type Constructor = new () => object;

interface ValidationMetadataLike {
  type: string;
  target: unknown;
  propertyName: string;
  constraintCls?: unknown;
  constraints: unknown[];
  message?: string | ((args: ValidationArgs) => string);
  each?: boolean;
  validateIf?: (object: object, value: unknown) => boolean;
}

interface ConstraintInstance {
  validate(value: unknown, args: ValidationArgs): unknown;
  defaultMessage?: (args: ValidationArgs) => string;
}

interface ConstraintMetadataLike {
  name?: string;
  async?: boolean;
  instance: ConstraintInstance;
}

interface ValidationArgs {
  targetName: string | undefined;
  property: string;
  object: unknown;
  value: unknown;
  constraints: unknown[];
}

interface Check {
  readonly metadata: ValidationMetadataLike;
  readonly constraints: ConstraintMetadataLike[];
}

interface PropertyPlan {
  readonly name: string;
  readonly defined: Check[];
  readonly conditions: ValidationMetadataLike[];
  readonly custom: Check[];
  readonly nested: ValidationMetadataLike[];
}

interface ClassPlan {
  readonly target: Constructor;
  readonly properties: PropertyPlan[];
  readonly known: Set<string>;
  /** @Type(() => X) properties: the plan of X. */
  readonly types: Map<string, ClassPlan>;
  /** For the keys the class names: whether class-transformer leaves the key out (a method, a getter). */
  readonly skipped: Map<string, boolean>;
}

interface TransformerStorage {
  getStrategy(target: unknown): string;
  getExposedMetadatas(target: unknown): unknown[];
  getExcludedMetadatas(target: unknown): unknown[];
  findTransformMetadatas(target: unknown, property: string, transformationType: number): unknown[];
  findTypeMetadata(
    target: unknown,
    property: string,
  ): { typeFunction?: (options?: unknown) => unknown; reflectedType?: unknown; options?: { discriminator?: unknown } } | undefined;
  _typeMetadatas: Map<unknown, Map<string, unknown>>;
  _transformMetadatas: Map<unknown, Map<string, unknown[]>>;
}

interface ValidatorStorage {
  getTargetValidationMetadatas(
    target: unknown,
    schema: unknown,
    always: boolean,
    strict: boolean,
    groups?: string[],
  ): ValidationMetadataLike[];
  groupByPropertyName(metadata: ValidationMetadataLike[]): Record<string, ValidationMetadataLike[]>;
  getTargetValidatorConstraints(target: unknown): ConstraintMetadataLike[];
}

const KNOWN_TYPES = new Set<string>([
  ValidationTypes.CUSTOM_VALIDATION,
  ValidationTypes.IS_DEFINED,
  ValidationTypes.CONDITIONAL_VALIDATION,
  ValidationTypes.NESTED_VALIDATION,
  ValidationTypes.WHITELIST,
]);
/** Types class-transformer converts a value to (or copies specially): none of them is a DTO. */
const BUILT_INS: unknown[] = [String, Number, Boolean, Date, Buffer, Map, Set, Array, Object, Promise, Function];
/** Keys Nest's pipe deletes from the body before transforming it (prototype pollution). */
const STRIPPED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Compiles `target`'s rules, or throws NotCompilable naming what it does not understand. */
export function compileDtoValidator(target: Constructor): CompiledValidator {
  const plans = new Map<unknown, ClassPlan>();
  const root = planOf(target, plans);
  // class-validator validates a plain nested object by the rules of Object (none: whitelist strips it bare).
  planOf(Object as unknown as Constructor, plans);
  return (value) => {
    if (!isPlainObject(value)) return DECLINED;
    let instance: object;
    try {
      instance = copyInto(new root.target(), value as Record<string, unknown>, root);
    } catch (error) {
      if (error === DECLINED) return DECLINED;
      throw error;
    }
    const errors: ValidationErrorNode[] = [];
    try {
      execute(instance, plans, errors);
    } catch (error) {
      if (error === DECLINED) return DECLINED;
      throw error;
    }
    return errors.length > 0 ? { errors } : { instance };
  };
}

function planOf(target: Constructor, plans: Map<unknown, ClassPlan>): ClassPlan {
  const existing = plans.get(target);
  if (existing) return existing;
  const validators = getMetadataStorage() as unknown as ValidatorStorage;
  refuseTransformerDecorators(target);
  const metadatas = validators.getTargetValidationMetadatas(target, undefined, false, false, undefined);
  const grouped = validators.groupByPropertyName(metadatas);
  const types = new Map<string, ClassPlan>();
  const plan: ClassPlan = { target, properties: [], known: new Set(), types, skipped: new Map() };
  plans.set(target, plan);
  for (const [name, list] of Object.entries(grouped)) {
    if (list.length > 0) plan.known.add(name);
    for (const metadata of list) {
      if (!KNOWN_TYPES.has(metadata.type)) throw new NotCompilable(`${target.name}.${name}: rule of type ${metadata.type}`);
    }
    const checks = (kind: string) => list.filter((m) => m.type === kind).map((m) => checkOf(target, m, validators));
    plan.properties.push({
      name,
      defined: checks(ValidationTypes.IS_DEFINED),
      conditions: list.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION),
      custom: checks(ValidationTypes.CUSTOM_VALIDATION),
      nested: list.filter((m) => m.type === ValidationTypes.NESTED_VALIDATION),
    });
  }
  for (const name of typedProperties(target)) {
    const type = typeOf(target, name);
    types.set(name, planOf(type, plans));
  }
  // A fresh instance is what class-transformer copies into: its answer for these keys never changes.
  const sample = new target() as Record<string, unknown>;
  for (const name of [...plan.known, ...types.keys()]) plan.skipped.set(name, leftOut(sample, name));
  return plan;
}

function checkOf(target: Constructor, metadata: ValidationMetadataLike, validators: ValidatorStorage): Check {
  const constraints = validators.getTargetValidatorConstraints(metadata.constraintCls);
  if (constraints.some((c) => c.async)) throw new NotCompilable(`${target.name}.${metadata.propertyName}: an async rule`);
  return { metadata, constraints };
}

function refuseTransformerDecorators(target: Constructor): void {
  const storage = defaultMetadataStorage as unknown as TransformerStorage;
  if (storage.getStrategy(target) !== 'none') throw new NotCompilable(`${target.name}: an exposure strategy`);
  if (storage.getExposedMetadatas(target).length > 0) throw new NotCompilable(`${target.name}: @Expose`);
  if (storage.getExcludedMetadatas(target).length > 0) throw new NotCompilable(`${target.name}: @Exclude`);
  for (const ancestor of lineage(target)) {
    if (storage._transformMetadatas.has(ancestor)) throw new NotCompilable(`${target.name}: @Transform`);
  }
}

/** The class and every class it extends, as class-transformer looks metadata up. */
function lineage(target: Constructor): unknown[] {
  const found: unknown[] = [];
  for (let at: unknown = target; typeof at === 'function' && at !== Function.prototype; at = Object.getPrototypeOf(at)) found.push(at);
  return found;
}

function typedProperties(target: Constructor): string[] {
  const storage = defaultMetadataStorage as unknown as TransformerStorage;
  const names = new Set<string>();
  for (const ancestor of lineage(target)) for (const name of storage._typeMetadatas.get(ancestor)?.keys() ?? []) names.add(name);
  return [...names];
}

function typeOf(target: Constructor, name: string): Constructor {
  const metadata = (defaultMetadataStorage as unknown as TransformerStorage).findTypeMetadata(target, name);
  if (!metadata?.typeFunction) throw new NotCompilable(`${target.name}.${name}: @Type without a type function`);
  // A type function that reads the value it converts could answer differently per body.
  if (metadata.typeFunction.length > 0) throw new NotCompilable(`${target.name}.${name}: @Type depends on the value`);
  if (metadata.options?.discriminator) throw new NotCompilable(`${target.name}.${name}: @Type with a discriminator`);
  const reflected = metadata.reflectedType;
  // An array of the type is copied into a plain array only when the property is declared one (or an object).
  if (
    reflected !== undefined &&
    reflected !== Array &&
    reflected !== Object &&
    typeof reflected === 'function' &&
    isCollection(reflected)
  ) {
    throw new NotCompilable(`${target.name}.${name}: a Set or Map property`);
  }
  const type = metadata.typeFunction();
  if (typeof type !== 'function' || BUILT_INS.includes(type)) throw new NotCompilable(`${target.name}.${name}: @Type of a built-in`);
  return type as Constructor;
}

function isCollection(type: { prototype: unknown }): boolean {
  return type === Set || type === Map || type.prototype instanceof Set || type.prototype instanceof Map || type.prototype instanceof Array;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** class-transformer's plainToInstance for a JSON value: classes where @Type says, plain copies elsewhere. */
function copyValue(value: unknown, plan: ClassPlan | undefined): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw DECLINED;
    const copy: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      // A gap is closed by the pipe before it copies: not a shape this path was written for.
      if (!(i in value)) throw DECLINED;
      copy.push(copyValue(value[i], plan));
    }
    return copy;
  }
  if (!isPlainObject(value)) throw DECLINED;
  return plan ? copyInto(new plan.target(), value, plan) : copyInto({}, value, undefined);
}

function copyInto(target: object, value: Record<string, unknown>, plan: ClassPlan | undefined): object {
  const into = target as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    if (STRIPPED_KEYS.has(key)) throw DECLINED;
    const skipped = plan ? (plan.skipped.get(key) ?? leftOut(into, key)) : OBJECT_MEMBERS.has(key);
    if (skipped) continue;
    into[key] = copyValue(value[key], plan?.types.get(key));
  }
  return target;
}

/** class-transformer leaves out a key that names a method or a read-only member of the target. */
function leftOut(into: Record<string, unknown>, key: string): boolean {
  const prototype = (into.constructor as { prototype?: object } | undefined)?.prototype;
  if (!prototype) return false;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
  return Boolean(descriptor && !descriptor.set) || into[key] instanceof Function;
}

/** What leftOut answers for a plain object: Object.prototype's members (its only setter, __proto__, is declined before). */
const OBJECT_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype).filter((name) => leftOut({}, name)));

/** class-validator's ValidationExecutor.execute with whitelist and stopAtFirstError. */
function execute(object: object, plans: Map<unknown, ClassPlan>, errors: ValidationErrorNode[]): void {
  const plan = plans.get(object.constructor);
  if (!plan) throw DECLINED;
  const record = object as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!plan.known.has(key)) delete record[key];
  for (const property of plan.properties) {
    perform(object, record[property.name], property.name, property.defined, property, plans, errors);
  }
}

function perform(
  object: object,
  value: unknown,
  name: string,
  defined: Check[],
  rules: Pick<PropertyPlan, 'conditions' | 'custom' | 'nested'>,
  plans: Map<unknown, ClassPlan>,
  errors: ValidationErrorNode[],
): void {
  let judged = true;
  for (const condition of rules.conditions)
    judged = (condition.constraints[0] as (o: object, v: unknown) => boolean)(object, value) && judged;
  if (!judged) return;
  const node: ValidationErrorNode = { property: name, value };
  judge(object, value, defined, node);
  judge(object, value, rules.custom, node);
  nestedIn(value, rules.nested, plans, node);
  // class-validator's stripEmptyErrors: a node without a failure at or below it is dropped.
  if (node.constraints || node.children) errors.push(node);
}

/** With stopAtFirstError a node holds one failure at most: the first rule that fails. */
function judge(object: object, value: unknown, checks: Check[], node: ValidationErrorNode): void {
  for (const { metadata, constraints: validators } of checks) {
    if (metadata.validateIf && !metadata.validateIf(object, value)) continue;
    for (const validator of validators) {
      if (node.constraints) return;
      const args: ValidationArgs = {
        targetName: object.constructor ? object.constructor.name : undefined,
        property: metadata.propertyName,
        object,
        value,
        constraints: metadata.constraints,
      };
      let valid: boolean;
      if (!metadata.each || !Array.isArray(value)) {
        valid = settled(validator.instance.validate(value, args));
      } else {
        const results = value.map((item) => validator.instance.validate(item, args));
        valid = results.every((result) => settled(result));
      }
      if (!valid) node.constraints = { [validator.name || metadata.type]: messageOf(metadata, validator, args) };
    }
  }
}

/** A rule that answers a promise is async after all: the libraries' path awaits it. */
function settled(result: unknown): boolean {
  if (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function') throw DECLINED;
  return Boolean(result);
}

function nestedIn(value: unknown, nested: ValidationMetadataLike[], plans: Map<unknown, ClassPlan>, node: ValidationErrorNode): void {
  if (value === undefined || nested.length === 0) return;
  const children: ValidationErrorNode[] = [];
  const items = { conditions: [], custom: [], nested };
  for (const metadata of nested) {
    if (node.constraints) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => perform(value, item, String(index), [], items, plans, children));
    } else if (value instanceof Object) {
      execute(value, plans, children);
    } else {
      // class-validator names the class itself as the object of this error.
      const target = metadata.target as { constructor?: { name?: string } };
      const args: ValidationArgs = {
        targetName: target.constructor ? target.constructor.name : undefined,
        property: metadata.propertyName,
        object: target,
        value,
        constraints: metadata.constraints,
      };
      node.constraints = { [metadata.type]: tokensReplaced(metadata.message || '', args) };
    }
  }
  if (children.length > 0) node.children = children;
}

function messageOf(metadata: ValidationMetadataLike, validator: ConstraintMetadataLike, args: ValidationArgs): string {
  let message: ValidationMetadataLike['message'] = metadata.message || '';
  if (!metadata.message && validator.instance.defaultMessage instanceof Function) message = validator.instance.defaultMessage(args);
  return tokensReplaced(message, args);
}

/** class-validator's ValidationUtils.replaceMessageSpecialTokens (not exported by its index). */
function tokensReplaced(message: ValidationMetadataLike['message'], args: ValidationArgs): string {
  let text: string | undefined;
  if (message instanceof Function) text = message(args);
  else if (typeof message === 'string') text = message;
  if (text && Array.isArray(args.constraints)) {
    args.constraints.forEach((constraint, index) => {
      text = (text as string).replace(new RegExp(`\\$constraint${index + 1}`, 'g'), constraintText(constraint));
    });
  }
  if (text && args.value !== undefined && args.value !== null && ['string', 'boolean', 'number'].includes(typeof args.value)) {
    text = text.replace(/\$value/g, String(args.value));
  }
  if (text) text = text.replace(/\$property/g, args.property);
  if (text) text = text.replace(/\$target/g, String(args.targetName));
  return text as string;
}

function constraintText(constraint: unknown): string {
  if (Array.isArray(constraint)) return constraint.join(', ');
  if (typeof constraint === 'symbol') return `${constraint.description}`;
  return `${constraint as string}`;
}

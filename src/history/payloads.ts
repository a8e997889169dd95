import { InvalidArgument } from '../errors';
import type { Schema } from '../model/schema';
import { isStandardSchema } from '../schema/kinds';
import { describeSchema } from '../schema/document';
import { compileSerializer, type Serialize } from '../schema/serializer';
import type { Changelog } from './change';
import { ChangeRules, convertByPosition, copyOf, relevantNodes, type OriginOf, type Relevant } from './convert';
import { SchemaVersions } from './derive';

/** One change applied to a payload whose shape is `tree` (the schema as one version saw it). */
interface Step {
  readonly rules: ChangeRules;
  readonly tree: unknown;
  readonly origin: OriginOf;
  readonly relevant: Relevant;
}

/** A payload's way down to one version: its steps, and the writer of that version's schema (`null`: the schema cannot describe itself). */
interface Plan {
  readonly steps: readonly Step[];
  readonly serialize: Serialize | null;
}

/**
 * Converts head values of a schema to an older version outside any request
 * (webhook and event payloads: docs/version-history.md#payloads-outside-requests),
 * through the same instructions and schema converters a response of a route
 * goes through, then writes only what that version's schema declares, as a
 * response would be written. Plans are made on first use per schema and
 * version, and kept by this converter alone (one per history).
 */
export class PayloadConverter {
  private readonly schemas: SchemaVersions;
  private readonly rules: readonly (readonly ChangeRules[])[];
  private readonly plans = new Map<unknown, Plan[]>();

  constructor(private readonly history: Changelog) {
    this.schemas = new SchemaVersions(history);
    this.rules = history.changes.map((changes) => changes.map((change) => new ChangeRules(change)));
  }

  convert(schema: Schema, value: unknown, to: string): unknown {
    const index = this.history.versions.indexOf(to);
    if (index === -1) {
      throw new InvalidArgument(`history.convert(): version ${JSON.stringify(to)} is not one of the history's (${this.history.versions.map((v) => `'${v}'`).join(', ')}).`);
    }
    const plan = this.planOf(schema, index);
    let converted = copyOf(value);
    for (const { rules, tree, origin, relevant } of plan.steps) converted = convertByPosition(converted, tree, rules, 'response', origin, relevant);
    // What a response of that version would carry: the JSON its serializer writes, read back.
    return plan.serialize === null ? JSON.parse(JSON.stringify(converted) ?? 'null') : JSON.parse(plan.serialize(converted));
  }

  /** The schema as version `to` describes it (derived from the head), for documents. */
  schemaAt(schema: Schema, index: number): Schema {
    return this.schemas.at(schema, index, 'output');
  }

  private planOf(schema: Schema, index: number): Plan {
    let plans = this.plans.get(schema);
    if (plans === undefined) this.plans.set(schema, (plans = []));
    const known = plans[index];
    if (known !== undefined) return known;
    const steps: Step[] = [];
    for (let j = 0; j < index; j++) {
      for (const rules of [...this.rules[j]].reverse()) {
        const tree = this.schemas.at(schema, j, 'output');
        const origin: OriginOf = (node) => this.schemas.originOf(node, j);
        steps.push({ rules, tree, origin, relevant: relevantNodes([tree], rules, origin) });
      }
    }
    const older = this.schemas.at(schema, index, 'output');
    const described = isStandardSchema(older) ? describeSchema(older, 'output').schema : older;
    const where = `history.convert() of ${JSON.stringify(this.history.versions[index])}`;
    const plan: Plan = { steps, serialize: described === undefined ? null : compileSerializer(described, where) };
    plans[index] = plan;
    return plan;
  }
}

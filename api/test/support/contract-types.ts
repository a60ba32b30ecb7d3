import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The part of an OpenAPI 3.1 schema the comparison reads. `resolve` turns 3.1's nullable forms
 * (`type: [kind, 'null']`, `anyOf: [schema, {type: 'null'}]`) into one kind and `nullable`.
 */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  anyOf?: Schema[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
}

/** A route of the contract's maps: its answer, and its body, query or headers when it has them. */
export interface ContractRoute {
  method: 'get' | 'post';
  /** As clients write it (the spec's trailing slashes kept). */
  path: string;
  response: ts.Type;
  body?: ts.Type;
  query?: ts.Type;
  headers?: ts.Type;
}

const CONTRACT_ENTRY = fileURLToPath(new URL('../../../contract/src/index.ts', import.meta.url));

/**
 * The contract read by the TypeScript compiler, as the API and the app compile it: its route maps
 * and named types, and a comparison of any of its types with an OpenAPI schema.
 */
export class ContractTypes {
  private readonly checker: ts.TypeChecker;
  private readonly exports = new Map<string, ts.Symbol>();

  constructor() {
    const program = ts.createProgram([CONTRACT_ENTRY], {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ['source'],
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program);
    if (problems.length > 0) {
      throw new Error(ts.formatDiagnostics(problems, ts.createCompilerHost({})));
    }
    this.checker = program.getTypeChecker();
    const entry = program.getSourceFile(CONTRACT_ENTRY);
    const module = entry && this.checker.getSymbolAtLocation(entry);
    if (!module) throw new Error('The contract has no entry module.');
    for (const symbol of this.checker.getExportsOfModule(module)) {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
      this.exports.set(symbol.getName(), target);
    }
  }

  /** A type the contract exports, by name. */
  type(name: string): ts.Type {
    const symbol = this.exports.get(name);
    if (!symbol) throw new Error(`The contract exports no ${name}.`);
    return this.checker.getDeclaredTypeOfSymbol(symbol);
  }

  routes(): ContractRoute[] {
    return [...this.routesOf('ApiGetRoutes', 'get'), ...this.routesOf('ApiPostRoutes', 'post')];
  }

  private routesOf(mapName: string, method: ContractRoute['method']): ContractRoute[] {
    return this.checker.getPropertiesOfType(this.type(mapName)).map((route) => {
      const entry = this.checker.getTypeOfSymbol(route);
      const part = (name: string) => {
        const property = this.checker.getPropertyOfType(entry, name);
        return property && this.checker.getTypeOfSymbol(property);
      };
      const response = part('response');
      if (!response) throw new Error(`${route.getName()} has no response type.`);
      return {
        method,
        path: route.getName(),
        response,
        body: part('body'),
        query: part('query'),
        headers: part('headers'),
      };
    });
  }

  /** The properties of a union's object types (required when every member requires it). */
  propertiesOf(members: readonly ts.Type[]): Map<string, { type: ts.Type; required: boolean }> {
    const properties = new Map<string, { type: ts.Type; required: boolean }>();
    for (const member of members) {
      for (const property of this.checker.getPropertiesOfType(member)) {
        const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
        const known = properties.get(property.getName());
        properties.set(property.getName(), {
          type: known?.type ?? this.checker.getTypeOfSymbol(property),
          required: (known?.required ?? true) && !optional,
        });
      }
    }
    for (const [name, property] of properties) {
      const everywhere = members.every((member) => this.checker.getPropertyOfType(member, name));
      if (!everywhere) property.required = false;
    }
    return properties;
  }

  /**
   * Every difference between a contract type and an OpenAPI schema, each a sentence naming where
   * it is: fields on one side only, required on one side only, nullable on one side only, other
   * kinds of value, other enum values.
   */
  compare(type: ts.Type, schema: Schema, components: Record<string, Schema>, at: string): string[] {
    const resolved = resolve(schema, components);
    const members = type.isUnion() ? type.types : [type];
    const nullable = members.some((member) => member.flags & ts.TypeFlags.Null);
    const values = members.filter(
      (member) => !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
    );
    const problems: string[] = [];
    if (nullable !== (resolved.nullable === true)) {
      problems.push(`${at}: ${nullable ? 'nullable' : 'not nullable'} in the contract only`);
    }
    return [...problems, ...this.compareValue(values, resolved, components, at)];
  }

  private compareValue(
    members: ts.Type[],
    schema: Schema,
    components: Record<string, Schema>,
    at: string,
  ): string[] {
    const described = this.kindOf(members);
    // A schema of several kinds (`type: [...]`) has been made one kind and `nullable` by resolve.
    const kind = (schema.type as string | undefined) ?? (schema.properties ? 'object' : undefined);
    const sameKind =
      described.kind === kind ||
      (described.kind === 'number' && kind === 'integer') ||
      (described.kind === 'object' && kind === undefined);
    if (!sameKind) return [`${at}: ${described.kind} in the contract, ${kind} in the document`];
    if (described.kind === 'string' || described.kind === 'boolean') {
      const contractValues = described.literals?.map(String).sort() ?? null;
      const documentValues = schema.enum?.map(String).sort() ?? null;
      if (described.kind === 'boolean' && documentValues === null) return [];
      if (JSON.stringify(contractValues) !== JSON.stringify(documentValues)) {
        return [
          `${at}: values ${JSON.stringify(contractValues)} in the contract, ` +
            `${JSON.stringify(documentValues)} in the document`,
        ];
      }
      return [];
    }
    if (described.kind === 'array') {
      if (!schema.items) return [`${at}: an array without items in the document`];
      const items = schema.items;
      return described.elements.flatMap((element) =>
        this.compare(element, items, components, `${at}[]`),
      );
    }
    if (described.kind === 'object') return this.compareObject(members, schema, components, at);
    if (described.kind === 'number') return [];
    return [`${at}: a type this comparison cannot read`];
  }

  private compareObject(
    members: ts.Type[],
    schema: Schema,
    components: Record<string, Schema>,
    at: string,
  ): string[] {
    const contract = this.propertiesOf(members);
    const documented = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const problems: string[] = [];
    const names = new Set([...contract.keys(), ...Object.keys(documented)]);
    for (const name of [...names].sort()) {
      const field = `${at}.${name}`;
      const inContract = contract.get(name);
      const inDocument = documented[name];
      if (!inContract) problems.push(`${field}: in the document only`);
      else if (!inDocument) problems.push(`${field}: in the contract only`);
      else {
        if (inContract.required !== required.has(name)) {
          problems.push(
            `${field}: ${inContract.required ? 'required' : 'optional'} in the contract only`,
          );
        }
        problems.push(...this.compare(inContract.type, inDocument, components, field));
      }
    }
    return problems;
  }

  private kindOf(
    members: ts.Type[],
  ):
    | { kind: 'string' | 'boolean'; literals?: (string | boolean)[] }
    | { kind: 'number' }
    | { kind: 'array'; elements: ts.Type[] }
    | { kind: 'object' | 'unknown' } {
    const every = (flags: ts.TypeFlags) => members.every((member) => member.flags & flags);
    if (every(ts.TypeFlags.StringLiteral)) {
      return {
        kind: 'string',
        literals: members.map((member) => (member as ts.StringLiteralType).value),
      };
    }
    if (every(ts.TypeFlags.String)) return { kind: 'string' };
    if (every(ts.TypeFlags.NumberLike)) return { kind: 'number' };
    if (every(ts.TypeFlags.BooleanLiteral)) {
      // `boolean` is the union true | false; a lone `true` is a constant answer.
      const [only] = members;
      return members.length === 1 && only
        ? { kind: 'boolean', literals: [this.checker.typeToString(only) === 'true'] }
        : { kind: 'boolean' };
    }
    if (every(ts.TypeFlags.Boolean)) return { kind: 'boolean' };
    const [only] = members;
    if (members.length === 1 && only && this.checker.isArrayType(only)) {
      return {
        kind: 'array',
        elements: [...this.checker.getTypeArguments(only as ts.TypeReference)],
      };
    }
    if (members.length === 1 && only && this.checker.isTupleType(only)) {
      const elements = this.checker.getTypeArguments(only as ts.TypeReference);
      return { kind: 'array', elements: [...new Set(elements)] };
    }
    // A union of intersections too: `{ lesson } | { practice }` & the answer, as requests are.
    if (every(ts.TypeFlags.Object | ts.TypeFlags.Intersection)) return { kind: 'object' };
    return { kind: 'unknown' };
  }
}

const isNullSchema = (schema: Schema) => schema.type === 'null';

/**
 * A schema with its $ref followed, a single allOf merged, and a nullable schema written as its
 * kind with `nullable: true`.
 */
export function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  if (Array.isArray(schema.type)) {
    const kinds = schema.type.filter((kind) => kind !== 'null');
    if (kinds.length !== 1) throw new Error(`A schema of several kinds: ${kinds.join(', ')}`);
    const nullable = kinds.length < schema.type.length;
    const { type: _kinds, ...rest } = schema;
    return resolve(
      {
        ...rest,
        type: kinds[0],
        ...(nullable ? { nullable } : {}),
        ...(rest.enum ? { enum: rest.enum.filter((value) => value !== null) } : {}),
      },
      components,
    );
  }
  if (schema.anyOf?.some(isNullSchema)) {
    const others = schema.anyOf.filter((member) => !isNullSchema(member));
    const [only] = others;
    if (others.length !== 1 || !only) throw new Error('A nullable union of several schemas');
    const { anyOf: _members, ...rest } = schema;
    return { ...resolve(only, components), ...resolve(rest, components), nullable: true };
  }
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`No schema ${name} in the document.`);
    return { ...resolve(target, components), ...(schema.nullable ? { nullable: true } : {}) };
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(part, components));
    const { allOf: _parts, ...rest } = schema;
    return parts.reduce<Schema>(
      (merged, part) => ({
        ...part,
        ...merged,
        properties: { ...part.properties, ...merged.properties },
        required: [...(part.required ?? []), ...(merged.required ?? [])],
      }),
      rest,
    );
  }
  return schema;
}

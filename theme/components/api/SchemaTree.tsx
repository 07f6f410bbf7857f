/**
 * A schema as a tree of properties. Nested objects, array items and alternatives sit in native
 * `<details>` (collapsible without JavaScript). A named schema already shown in the operation, or
 * past its size budget, is a collapsed `<details data-schema-ref>` whose content is a link to the
 * schema's own section; the browser fills it from that section when the reader opens it.
 */
import { Fragment, type ReactNode } from 'react';
import type { SchemaPropertyView, SchemaView } from '../../api-model.ts';
import { Description } from './common.tsx';

const VARIANT_WORDS = { oneOf: 'One of', anyOf: 'Any of', allOf: 'All of' } as const;

/** The schema of a body, response or parameter: its type line, description and tree. */
export function SchemaBlock(props: { schema: SchemaView }) {
  const s = props.schema;
  return (
    <div className="api-schema">
      <div className="api-schema__head">
        <TypeLabel schema={s} />
        <Flags schema={s} />
      </div>
      <Description html={s.descriptionHtml} />
      <SchemaFacts schema={s} />
      {collapsedTarget(s) ? <Nested schema={s} /> : <SchemaBody schema={s} />}
    </div>
  );
}

/** A schema (or the items of an array) shown collapsed: readers open it, the browser fills it. */
function collapsedTarget(s: SchemaView): boolean {
  return Boolean(s.collapsed || (s.types.includes('array') && s.items?.collapsed));
}

function TypeLabel(props: { schema: SchemaView }) {
  const s = props.schema;
  const base = s.types.filter((t) => t !== 'null');
  if (base.length === 1 && base[0] === 'array') {
    return (
      <span className="api-type">
        array of {s.items ? <ItemLabel schema={s.items} /> : 'any values'}
      </span>
    );
  }
  const words = base.length > 0 ? base.join(' or ') : s.variants ? VARIANT_WORDS[s.variants.kind].toLowerCase() + ' several types' : 'any type';
  return (
    <span className="api-type">
      {s.name ? <SchemaName schema={s} /> : null}
      {s.name ? ' ' : null}
      <span className="api-type__words">{words}</span>
      {s.format ? <span className="api-type__format"> ({s.format})</span> : null}
    </span>
  );
}

function ItemLabel(props: { schema: SchemaView }) {
  const s = props.schema;
  if (s.name) return <SchemaName schema={s} />;
  const base = s.types.filter((t) => t !== 'null');
  if (base[0] === 'array') return <>arrays of {s.items ? <ItemLabel schema={s.items} /> : 'any values'}</>;
  const words = base.length > 0 ? `${base.join(' or ')}${base.length === 1 && base[0] !== 'object' ? 's' : ''}` : 'any values';
  return (
    <>
      {base[0] === 'object' ? 'objects' : words}
      {s.format ? ` (${s.format})` : ''}
    </>
  );
}

function SchemaName(props: { schema: SchemaView }) {
  const s = props.schema;
  return s.anchor ? (
    <a className="api-type__name" href={`#${s.anchor}`}>
      {s.name}
    </a>
  ) : (
    <span className="api-type__name">{s.name}</span>
  );
}

function Flags(props: { schema: SchemaView; required?: boolean }) {
  const s = props.schema;
  return (
    <>
      {props.required ? <span className="api-badge api-badge--required">required</span> : null}
      {s.types.includes('null') ? <span className="api-badge">nullable</span> : null}
      {s.readOnly ? <span className="api-badge">read-only</span> : null}
      {s.writeOnly ? <span className="api-badge">write-only</span> : null}
      {s.deprecated ? <span className="api-badge api-badge--deprecated">deprecated</span> : null}
      <CircularBadge schema={s.circular ? s : s.types.includes('array') && s.items?.circular ? s.items : undefined} />
      {s.unresolved ? <span className="api-badge api-badge--error">unresolved $ref {s.unresolved}</span> : null}
    </>
  );
}

/** "circular: Name" where a schema (or the items of an array) contains itself. */
function CircularBadge(props: { schema: SchemaView | undefined }) {
  const s = props.schema;
  if (!s?.circular) return null;
  return (
    <span className="api-badge api-badge--circular">
      circular: {s.anchor ? <a href={`#${s.anchor}`}>{s.circular}</a> : s.circular}
    </span>
  );
}

/** Constraints, allowed values, default and example, each on its own line. */
function SchemaFacts(props: { schema: SchemaView; prefix?: string }) {
  const s = props.schema;
  const facts: [string, string | string[]][] = [];
  if (s.constraints.length > 0) facts.push(['Constraints', s.constraints.join(', ')]);
  if (s.enumValues) facts.push(['Allowed values', s.enumValues]);
  if (s.constValue !== undefined) facts.push(['Always', [s.constValue]]);
  if (s.defaultValue !== undefined) facts.push(['Default', [s.defaultValue]]);
  if (s.exampleValue !== undefined) facts.push(['Example', [s.exampleValue]]);
  if (s.closed) facts.push(['Other properties', 'not allowed']);
  if (s.additional === 'any') facts.push(['Other properties', 'any name, any value']);
  else if (s.additional && !hasBody(s.additional)) facts.push(['Other properties', `any name, values of type ${s.additional.types.join(' or ') || 'any'}`]);
  const items = s.items && !hasBody(s.items) ? <SchemaFacts schema={s.items} prefix="Items: " /> : null;
  if (facts.length === 0) return items;
  return (
    <>
      <ul className="api-facts">
        {facts.map(([label, value]) => (
          <li key={label}>
            <span className="api-facts__label">
              {props.prefix ?? ''}
              {label}:
            </span>{' '}
            {Array.isArray(value) ? <FactValues values={value} /> : value}
          </li>
        ))}
      </ul>
      {items}
    </>
  );
}

/** Values apart in text too (copied, or read aloud, they would run together); a short one never breaks inside ("NOT READY"). */
function FactValues(props: { values: string[] }) {
  return props.values.map((value, i) => (
    <Fragment key={i}>
      {i > 0 ? ', ' : null}
      <code className={value.length <= SHORT_VALUE ? 'api-facts__short' : undefined}>{value}</code>
    </Fragment>
  ));
}

/** Longer values may break anywhere: a phone's column is about 40 characters wide. */
const SHORT_VALUE = 24;

function hasBody(s: SchemaView): boolean {
  if (s.circular || s.unresolved) return false;
  if (s.collapsed || (s.properties && s.properties.length > 0) || s.variants || s.not) return true;
  if (s.additional && s.additional !== 'any' && hasBody(s.additional)) return true;
  return s.types.includes('array') && s.items !== undefined && hasBody(s.items);
}

/** The tree below a schema's type line: properties, items, other properties, alternatives. */
export function SchemaBody(props: { schema: SchemaView }) {
  const s = props.schema;
  if (s.circular || s.unresolved) return null;
  if (s.collapsed) return <CollapsedSchema schema={s} />;
  if (s.types.includes('array') && s.items && hasBody(s.items)) return <SchemaBody schema={s.items} />;
  const body = (
    <>
      {s.extends ? <Extends bases={s.extends} /> : null}
      {s.properties && s.properties.length > 0 ? <PropertyList properties={s.properties} /> : null}
      {s.additional && s.additional !== 'any' && hasBody(s.additional) ? <AdditionalProperties schema={s.additional} /> : null}
      {s.variants ? <Variants variants={s.variants} /> : null}
      {s.not ? <NotSchema schema={s.not} /> : null}
    </>
  );
  return s.name ? (
    <div className="api-schema__body" data-schema-name={s.name}>
      {body}
    </div>
  ) : (
    body
  );
}

/** "Includes the fields of GraphShort." for an allOf merged into one object. */
function Extends(props: { bases: NonNullable<SchemaView['extends']> }) {
  return (
    <p className="api-extends">
      Includes the fields of{' '}
      {props.bases.map((base, i) => (
        <Fragment key={base.name}>
          {i > 0 ? (i === props.bases.length - 1 ? ' and ' : ', ') : null}
          <a href={`#${base.anchor}`}>{base.name}</a>
        </Fragment>
      ))}
      .
    </p>
  );
}

function CollapsedSchema(props: { schema: SchemaView }) {
  const s = props.schema;
  return (
    <p className="api-collapsed" data-schema-ref={s.anchor} data-schema={s.collapsed}>
      Described under <a href={`#${s.anchor ?? ''}`}>{s.collapsed}</a> in Schemas.
    </p>
  );
}

function PropertyList(props: { properties: SchemaPropertyView[] }) {
  return (
    <ul className="api-props">
      {props.properties.map((p) => (
        <PropertyRow key={p.name} name={p.name} required={p.required} schema={p.schema} />
      ))}
    </ul>
  );
}

export function PropertyRow(props: { name: string; required: boolean; schema: SchemaView; nameNote?: string; children?: ReactNode }) {
  const s = props.schema;
  return (
    <li className="api-prop">
      <div className="api-prop__head">
        <code className="api-prop__name">{props.name}</code>
        {props.nameNote ? <span className="api-prop__note">{props.nameNote}</span> : null}
        <TypeLabel schema={s} />
        <Flags schema={s} required={props.required} />
      </div>
      <Description html={s.descriptionHtml} />
      <SchemaFacts schema={s} />
      {props.children}
      {hasBody(s) ? <Nested schema={s} /> : null}
    </li>
  );
}

function Nested(props: { schema: SchemaView }) {
  const s = props.schema;
  const target = s.types.includes('array') && s.items && hasBody(s.items) ? s.items : s;
  const count = target.properties?.length ?? target.propertyCount;
  const label = target.variants && !count ? `${VARIANT_WORDS[target.variants.kind]} ${target.variants.options.length} types` : `Properties${target.name ? ` of ${target.name}` : ''}${count ? ` (${count})` : ''}`;
  return (
    <details className="api-nested">
      <summary>{s === target ? label : `Each item: ${label.charAt(0).toLowerCase()}${label.slice(1)}`}</summary>
      <SchemaBody schema={target} />
    </details>
  );
}

function AdditionalProperties(props: { schema: SchemaView }) {
  return (
    <ul className="api-props">
      <PropertyRow name="*" nameNote="any other property" required={false} schema={props.schema} />
    </ul>
  );
}

function Variants(props: { variants: NonNullable<SchemaView['variants']> }) {
  const { kind, options, discriminator } = props.variants;
  return (
    <div className="api-variants">
      <p className="api-variants__title">
        {VARIANT_WORDS[kind]}
        {discriminator ? <> (told apart by <code>{discriminator}</code>)</> : null}:
      </p>
      {options.map((option, i) => (
        <details key={i} className="api-variant" open={i === 0}>
          <summary>{option.name ?? option.title ?? `Option ${i + 1}: ${option.types.join(' or ') || 'any type'}`}</summary>
          <SchemaBlock schema={option} />
        </details>
      ))}
    </div>
  );
}

function NotSchema(props: { schema: SchemaView }) {
  return (
    <div className="api-variants">
      <p className="api-variants__title">Must not match:</p>
      <SchemaBlock schema={props.schema} />
    </div>
  );
}

import type { TSchema } from 'typebox';
import type { FilterItem, FilterOperator, SelectEndpoint } from '../api/list.ts';
import type { AnyEnum } from '../enums/defineEnum.ts';
import { findRoute } from '../routes.ts';
import type { ButtonAction } from '../routeTypes.ts';

/**
 * One declaration per entity (DESIGN §4, after ERPNext's doctype JSON): its fields with Chinese
 * labels and types, which show in the list, which filter and sort, which are required, which
 * import and export, and its permission route. The server derives the searchVal whitelist, the
 * export columns and the import mapping from it; the web derives list columns, the search form
 * and form rules. A module writes only what is special about its entity.
 */
export type FieldType = 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'enum';

export interface FieldDecl {
  label: string;
  type: FieldType;
  /** Required on create and import ('请输入{label}' / '请选择{label}'). */
  required?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** A regular expression the value must match, with the message when it does not. */
  pattern?: { source: string; message: string };
  /** For type enum: the enumeration (value, label, colour). */
  enum?: AnyEnum;
  /**
   * A reference to another entity, stored as its id. Imports look it up by code or name, and
   * the field's own value in lists and exports is the referenced name (`nameField`).
   */
  ref?: {
    entity: string;
    by: 'code' | 'name';
    nameField?: string;
    /**
     * The row's id of the referenced record (`areaId` beside `areaName`): forms edit it with a
     * remote select of the referenced entity, the request bodies carry it.
     */
    idField?: string;
    /** Narrows what the select offers (workshops only); the server checks the same in a hook. */
    filters?: readonly FilterItem[];
    /**
     * The select call offering the choices when not the entity's own get{Entity}List (a flow's
     * product from getFinishedMaterials); the module's reference binding narrows the server's check alike.
     */
    select?: SelectEndpoint;
  };
  /** false: not edited by the generic form nor sent in the add/update bodies (the module's own UI). */
  form?: boolean;
  /** Form control hint: a wider multi-line input for `text`, a placeholder. */
  placeholder?: string;
  /** A time of day kept as 'HH:mm' text (a shift's start): forms pick it with a time picker. */
  time?: boolean;
  /** A tenant's custom field: the value lives in the row's `custom` object under the field's key. */
  custom?: boolean;
  /** A text that is several of these choices joined by '、' (custom multiple choice). */
  choices?: readonly string[];
  /**
   * The value is an uploaded file's URL (custom image or attachment); 'image': a png/jpg picture,
   * which forms take through the image upload and detail pages show.
   */
  upload?: boolean | 'image';
  /** Shown as a column by default (users can change columns); false hides it until chosen. */
  list?: boolean;
  /** Column width in px for the list. */
  width?: number;
  /** Operators allowed in searchVal; the first is what the search form uses. */
  filter?: readonly FilterOperator[];
  sort?: boolean;
  /** Imported from a column headed by the label (or `importHeader`). */
  import?: boolean;
  importHeader?: string;
  /**
   * What the import template's guide says of the column where the declaration cannot: a value the
   * importing module looks up itself (a warehouse by name or code, a location within it).
   */
  importNote?: string;
  /** Exported (defaults to whether it is a list column). */
  export?: boolean;
  /** Set by the system (id, timestamps): never taken from a form or an import. */
  readOnly?: boolean;
  /** Unique within the tenant: imports check duplicates in the file and the database. */
  unique?: boolean;
}

export interface EntityDecl<F extends Record<string, FieldDecl> = Record<string, FieldDecl>> {
  /** Entity name as the API spells it (user, station). */
  name: string;
  /** Chinese name (用户, 工位): used in messages and file names. */
  label: string;
  /** Route name whose button keys guard it (userList → userListAdd, userListExport …). */
  route: string;
  /**
   * The route's actions this entity offers, when not all of them: classes kept on their flows'
   * page (processList) have no copy, enable, import or export of their own. Which generic calls
   * exist and which buttons its screen shows follow `entityButtons`.
   */
  buttons?: readonly ButtonAction[];
  fields: F;
  /** Default sort, '+prop' or '-prop'. */
  defaultOrder: string;
  /**
   * Where its calls live: `base` is the path prefix (basicData/private/station/), `name` the
   * entity as call names spell it (Station → getStationListPage, addStation, importStation).
   * The server's generic routes and the web's generic screen both derive every path from it.
   */
  api?: { base: string; name: string };
  /**
   * Codes are numbered (code setting): the default rule until the tenant sets its own. The `code`
   * field is then optional — left empty, the server gives the next number.
   */
  autoCode?: AutoCodeRule;
  /** Tenants may add custom fields (field setting); they then show everywhere the entity does. */
  customFields?: boolean;
  /** Values its rows carry beyond the fields (a station's procedure ids), as the API answers them. */
  extraRow?: Record<string, TSchema>;
  /** Body values beyond the fields that the server's hooks handle (a role copied from another). */
  extraBody?: Record<string, TSchema>;
  /**
   * A document with lines (a stock document's materials, an order's products): the lines' own
   * fields, declared as an entity's are. The add and update bodies and the detail carry them as
   * `lines`; the form edits them in one table; each line is checked with the row and column named
   * ('第3行“数量”须大于0'); they export to and import from Excel on their own.
   */
  lines?: LinesDecl;
}

/** The lines of a document (`EntityDecl.lines`). */
export interface LinesDecl<F extends Record<string, FieldDecl> = Record<string, FieldDecl>> {
  /** What one line is called ('物料明细'): the form's table title and the export's sheet. */
  label: string;
  fields: F;
  /** Fewest lines a saved document has (a stock document needs one). */
  min?: number;
  /** Most lines one document takes. */
  max: number;
}

/** A numbering rule: prefix + date part + zero-padded sequence (spec: code setting). */
export interface AutoCodeRule {
  prefix: string;
  /** '' (none), 'YYYY', 'YYYYMM', 'YYYYMMDD' or 'YYMMDD'. */
  dateFormat?: string;
  seqLength: number;
  /** 0 never, 1 daily, 2 monthly, 3 yearly. */
  resetPeriod?: number;
}

/** The standard calls of an entity (spec 000 §7 pattern), from its `api` declaration. */
export function entityPaths(decl: Pick<EntityDecl, 'api' | 'name'>) {
  if (!decl.api) throw new Error(`${decl.name}: no api declared`);
  const { base, name } = decl.api;
  return {
    listPage: `${base}get${name}ListPage`,
    list: `${base}get${name}List`,
    detail: `${base}get${name}Detail`,
    add: `${base}add${name}`,
    update: `${base}updateOne`,
    remove: `${base}deleteOne`,
    enable: `${base}enable`,
    disable: `${base}disable`,
    maxCode: `${base}getMax${name}Code`,
    export: `${base}export`,
    importTemplate: `${base}importTemplate`,
    import: `${base}import${name}`,
    importErrors: `${base}importErrors`,
    tree: `${base}get${name}Tree`,
  };
}
export type EntityPaths = ReturnType<typeof entityPaths>;

/**
 * The field holding an entity's parent when its rows form a tree (a reference to the entity
 * itself: 上级分类, 上级组织), else undefined: such an entity is picked in a tree.
 */
export function treeParentOf(decl: Pick<EntityDecl, 'name' | 'fields'>): string | undefined {
  for (const f of Object.values(decl.fields))
    if (f.ref?.entity === decl.name && f.ref.idField) return f.ref.idField;
  return undefined;
}

/** The actions an entity's calls and screen offer: its route's buttons, narrowed by `buttons`. */
export function entityButtons(decl: Pick<EntityDecl, 'route' | 'buttons'>): readonly string[] {
  const route: readonly string[] = findRoute(decl.route)?.meta.buttons ?? [];
  return decl.buttons ? route.filter((b) => decl.buttons?.includes(b)) : route;
}

/** The fields the generic form edits and the add/update bodies carry (ids of references included). */
export const formFields = (decl: Pick<EntityDecl, 'fields'>) =>
  fieldsOf(decl).filter(([, f]) => !f.readOnly && f.form !== false);
/** The body key of a form field: a reference is sent as its id. */
export const bodyKey = (key: string, f: FieldDecl) => f.ref?.idField ?? key;

/**
 * Checks a declaration and keeps its exact type (`const`): the row and body types of its calls are
 * read from it (`RowOf`, `AddBody` in schema.ts).
 */
export function defineEntity<const D extends EntityDecl>(decl: D): D {
  for (const [key, f] of Object.entries(decl.fields)) {
    if (f.type === 'enum' && !f.enum) throw new Error(`${decl.name}.${key}: enum field without enum`);
    if (f.sort && f.readOnly === undefined && f.type === 'text')
      throw new Error(`${decl.name}.${key}: long text cannot sort`);
  }
  if (decl.autoCode && (!decl.fields.code || decl.fields.code.required))
    throw new Error(`${decl.name}: numbered codes need an optional code field`);
  for (const [key, f] of Object.entries(decl.lines?.fields ?? {}))
    if (f.type === 'enum' && !f.enum) throw new Error(`${decl.name}.lines.${key}: enum field without enum`);
  const order = decl.defaultOrder.slice(1);
  if (!Object.hasOwn(decl.fields, order))
    throw new Error(`${decl.name}: default order on unknown field ${order}`);
  return Object.freeze(decl);
}

export const fieldsOf = (decl: Pick<EntityDecl, 'fields'>) => Object.entries(decl.fields);
export const importFields = (decl: EntityDecl) => fieldsOf(decl).filter(([, f]) => f.import && !f.readOnly);
export const exportFields = (decl: EntityDecl) =>
  fieldsOf(decl).filter(([, f]) => f.export ?? f.list !== false);
export const importHeader = (f: FieldDecl) => f.importHeader ?? f.label;
export const requiredMessage = (f: FieldDecl) =>
  f.type === 'enum' || f.ref || f.choices || f.upload || f.time ? `请选择${f.label}` : `请输入${f.label}`;

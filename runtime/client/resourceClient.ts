// The data-provider boundary (DESIGN §8): everything a page does with a resource goes through
// these calls, so pages never see axios, URLs or the list query format of docs/api.md.

import type { AxiosInstance, AxiosResponse } from 'axios';
import { parse as parseContentDisposition } from 'content-disposition';
import {
  API_PATHS,
  EXPORT_LIMIT_HEADER,
  EXPORT_ROWS_HEADER,
  type ImportResult,
  type UploadResult,
} from '../contract.ts';
import { listFilters } from '../schema/listFilters.ts';
import type { Action, FilterOp, Resource } from '../schema/types.ts';
import type { Envelope, ListResult } from './envelope.ts';
import { idBatches } from './idBatches.ts';

export type Id = string | number;
export type Row = { id: Id } & Record<string, unknown>;

/** A range filter's two ends; either may be left out. */
export interface RangeValue {
  from?: string | number;
  to?: string | number;
}
export type FilterValue = string | number | boolean | Array<string | number> | RangeValue | null | undefined;
export type Filters = Record<string, FilterValue>;

export interface ListParams {
  page: number;
  limit: number;
  /** `field` or `-field` */
  sort?: string;
  filters?: Filters;
  /** only these rows */
  ids?: readonly Id[];
  /** a tree resource: each row carries `hasChildren` */
  hasChildren?: boolean;
  /** a tree resource: the rows above the page's rows come as the answer's `ancestors` */
  ancestors?: boolean;
}

export interface ExportParams {
  sort?: string;
  filters?: Filters;
  /** export only these rows; all matching rows when left out */
  ids?: Id[];
  /**
   * the columns, in order: field names (what the list shows), or `all` for every field the
   * user may read; the list's columns when left out
   */
  columns?: readonly string[] | 'all';
  /** bytes received so far, and the whole when the server says (a streamed export does not) */
  onProgress?: (progress: DownloadProgress) => void;
}

export interface DownloadProgress {
  loaded: number;
  total?: number;
}

/**
 * A reorder (docs/api.md, "Order"): these rows in this order in the places they hold, or one row
 * moved just before or after another of its group, or by a number of places (negative: up).
 */
export type OrderMove =
  | { ids: Id[] }
  | { id: Id; before: Id }
  | { id: Id; after: Id }
  | { id: Id; offset: number };

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** An export's file; `limit` when more rows matched than an export holds and only that many were written. */
export interface ExportedFile extends DownloadedFile {
  rows?: number;
  limit?: number;
}

/** One saved state of a row (docs/api.md, "Revisions"), as a row's history lists it. */
export interface RevisionSummary {
  /** the row's version once this state was saved */
  revision: number;
  /** the write that saved it: create, update, batchUpdate, an action's name, restore… */
  action: string;
  /** the fields it changed from the revision before */
  changed: string[];
  userName: string | null;
  /** RFC 3339 */
  createdAt: string;
}

export interface Revision extends RevisionSummary {
  /** the row's fields at this revision */
  data: Record<string, unknown>;
}

/** A row's pending draft (docs/api.md, "Drafts"): the fields it changes, and when it was saved. */
export interface Draft {
  data: Record<string, unknown>;
  /** the row's version the draft was started from; publishing over a newer row is a 409 */
  baseVersion: number;
  updatedBy: string | null;
  /** RFC 3339 */
  updatedAt: string;
}

/** A row as the public service's one-row call returns it (docs/api.md, "Preview"). */
export interface Preview {
  row: Row;
  /** the draft applied, if one was asked for and the row has one */
  draft: { updatedAt: string; updatedBy: string | null } | null;
  /** whether the public service serves the row now */
  public: boolean;
}
/** A row of a recycle bin (docs/api.md, "Recycle bin"): its list fields, when and by whom it was binned. */
export type BinnedRow = Row & {
  /** RFC 3339 */
  deletedAt: string;
  deletedBy: { id: number; name: string } | null;
};

export type ActionResult = { kind: 'file'; file: DownloadedFile } | { kind: 'data'; data: unknown };

export interface ResourceClient {
  readonly resource: Resource;
  list(params: ListParams, options?: { silent?: boolean; signal?: AbortSignal }): Promise<ListResult<Row>>;
  get(id: Id): Promise<Row>;
  /**
   * The rows with these ids: the labels of the references a page shows, the chosen values of a
   * picker. One request up to LIST_MAX_LIMIT ids, the server's largest page; more (a role's
   * thousand menus) go in requests of that many, side by side. Ids the server does not have are
   * simply absent.
   */
  getMany(ids: readonly Id[], options?: { silent?: boolean; signal?: AbortSignal }): Promise<Row[]>;
  create(values: Record<string, unknown>): Promise<Row>;
  /**
   * `version`: the version of the row the values were edited from; a row saved by someone else
   * since is not overwritten (409 whose `data.current` is the row now). Without it the last
   * write wins.
   */
  update(id: Id, values: Record<string, unknown>, options?: { version?: number }): Promise<Row>;
  /** silent: no toast on failure, the caller shows it (a refused delete's dialog) */
  remove(id: Id, options?: { silent?: boolean }): Promise<{ id: Id }>;
  removeMany(ids: Id[], options?: { silent?: boolean }): Promise<{ count: number }>;
  updateMany(ids: Id[], values: Record<string, unknown>): Promise<{ count: number }>;
  exportFile(params: ExportParams): Promise<ExportedFile>;
  /**
   * Sends a filled-in .xlsx to the `import` action: every row is created, or none (docs/api.md
   * "Import"). Silent: a refusal's per-row report is the import dialog's to show. `onProgress`
   * hears the share sent, 0 to 100.
   */
  importFile(file: Blob, onProgress?: (percent: number) => void): Promise<ImportResult>;
  /** moves rows within the resource's `order`, in one call; the rows whose position changed */
  reorder(move: OrderMove): Promise<{ count: number; rows: Row[] }>;
  action(actionName: string, row?: Row, values?: Record<string, unknown>): Promise<ActionResult>;
  /**
   * Sends one file for a field of this resource (docs/api.md "Files"); the server checks it
   * against that field's rules. `onProgress` hears the share sent, 0 to 100. Silent: the
   * field that sent it shows why a file was refused, beside itself.
   */
  upload(file: Blob, field: string, onProgress?: (percent: number) => void): Promise<UploadResult>;
  /** a row's revisions, newest first (a resource with `revisions: true`) */
  revisions(id: Id, params: { page: number; limit: number }): Promise<ListResult<RevisionSummary>>;
  /** one revision of a row, with its values */
  revision(id: Id, revision: number): Promise<Revision>;
  /**
   * Saves a revision's values as the row's (an update, with its checks), which becomes a new
   * revision. `version`: the version of the row the caller read, as for update.
   */
  restoreRevision(id: Id, revision: number, options?: { version?: number }): Promise<Row>;
  /** a row's pending draft, null when it has none (a resource with `drafts: true`) */
  draft(id: Id): Promise<Draft | null>;
  /**
   * Saves the form's values as the row's draft; null when they are the row's own (no draft left).
   * `version`: the row's version the edit started from. Silent: the form shows a failure itself.
   */
  saveDraft(id: Id, values: Record<string, unknown>, options?: { version?: number }): Promise<Draft | null>;
  discardDraft(id: Id): Promise<{ id: Id }>;
  /** saves the draft's values as the row's (an update, with its checks) and removes the draft */
  publishDraft(id: Id): Promise<Row>;
  /** the row as the public service would return it, published or not; `draft`: with its draft applied */
  preview(id: Id, options?: { draft?: boolean }): Promise<Preview>;
  /** a page of the recycle bin, the latest binned first (a resource with `softDelete: true`) */
  bin(params: { page: number; limit: number }): Promise<ListResult<BinnedRow>>;
  /** brings rows back from the bin, all or none */
  restore(ids: Id[]): Promise<{ count: number }>;
  /** deletes rows of the bin for good, all or none; silent: the caller shows a refusal */
  purge(ids: Id[], options?: { silent?: boolean }): Promise<{ count: number }>;
}

function isEmpty(value: FilterValue): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return isEmpty(value.from) && isEmpty(value.to);
  return false;
}

/** One query parameter per declared filter, in the shape docs/api.md gives for its op. */
export function encodeFilters(resource: Resource, filters: Filters | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!filters) return out;
  const ops = new Map<string, FilterOp>(listFilters(resource).map((f) => [f.field, f.op]));
  for (const [field, value] of Object.entries(filters)) {
    const op = ops.get(field);
    if (!op) throw new Error(`${resource.name} declares no filter named ${field}`);
    if (isEmpty(value)) continue;
    if (op === 'range') {
      const range = value as RangeValue;
      if (!isEmpty(range.from)) out[`${field}From`] = String(range.from);
      if (!isEmpty(range.to)) out[`${field}To`] = String(range.to);
    } else if (op === 'in') {
      out[field] = (Array.isArray(value) ? value : [value]).map(String).join(',');
    } else {
      out[field] = String(value);
    }
  }
  return out;
}

/** Fills `{id}` and `{field}` placeholders of an action path from the row. */
export function fillPath(template: string, row: Row | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = row?.[key];
    if (value === undefined || value === null || value === '') {
      throw new Error(`path ${template} needs ${key}, which the row does not have`);
    }
    return encodeURIComponent(String(value));
  });
}

function headerOf(response: AxiosResponse, name: string): string | undefined {
  const value = response.headers?.[name];
  return typeof value === 'string' ? value : undefined;
}

export function fileFromResponse(response: AxiosResponse<ArrayBuffer>, fallbackName: string): DownloadedFile {
  const type = headerOf(response, 'content-type') ?? 'application/octet-stream';
  const disposition = headerOf(response, 'content-disposition');
  let fileName = fallbackName;
  if (disposition) {
    try {
      fileName = parseContentDisposition(disposition).parameters.filename || fallbackName;
    } catch {
      // a malformed header still leaves the user a file, under our own name
    }
  }
  return { blob: new Blob([response.data], { type }), fileName };
}

export function createResourceClient(http: AxiosInstance, resource: Resource): ResourceClient {
  const base = resource.endpoint;
  const unwrap = <T>(response: AxiosResponse<Envelope<T>>): T => response.data.data;

  function findAction(name: string): Action {
    const action = resource.actions.find((a) => a.name === name);
    if (!action) throw new Error(`${resource.name} has no action named ${name}`);
    return action;
  }

  return {
    resource,
    async list(params, options) {
      const query: Record<string, unknown> = {
        page: params.page,
        limit: params.limit,
        sort: params.sort || undefined,
        ...encodeFilters(resource, params.filters),
      };
      if (params.ids && params.ids.length > 0) query.id = params.ids.join(',');
      if (params.hasChildren) query.hasChildren = 'true';
      if (params.ancestors) query.ancestors = 'true';
      const response = await http.get<Envelope<ListResult<Row>>>(base, {
        params: query,
        silent: options?.silent,
        signal: options?.signal,
      });
      return unwrap(response);
    },
    async getMany(ids, options) {
      const answers = await Promise.all(
        idBatches(ids).map((batch) =>
          http.get<Envelope<ListResult<Row>>>(base, {
            params: { id: batch.join(','), page: 1, limit: batch.length },
            silent: options?.silent,
            signal: options?.signal,
          }),
        ),
      );
      return answers.flatMap((answer) => unwrap(answer).rows);
    },
    async get(id) {
      return unwrap(await http.get<Envelope<Row>>(`${base}/${encodeURIComponent(String(id))}`));
    },
    async create(values) {
      return unwrap(await http.post<Envelope<Row>>(base, values));
    },
    async update(id, values, options) {
      const body = options?.version === undefined ? values : { ...values, version: options.version };
      return unwrap(await http.put<Envelope<Row>>(`${base}/${encodeURIComponent(String(id))}`, body));
    },
    async remove(id, options) {
      const path = `${base}/${encodeURIComponent(String(id))}`;
      return unwrap(await http.delete<Envelope<{ id: Id }>>(path, { silent: options?.silent }));
    },
    async removeMany(ids, options) {
      return unwrap(
        await http.delete<Envelope<{ count: number }>>(base, { data: { ids }, silent: options?.silent }),
      );
    },
    async updateMany(ids, values) {
      return unwrap(await http.put<Envelope<{ count: number }>>(base, { ...values, ids }));
    },
    async exportFile(params) {
      const body: Record<string, unknown> = {
        ...encodeFilters(resource, params.filters),
        sort: params.sort || undefined,
        ids: params.ids && params.ids.length > 0 ? params.ids : undefined,
        columns: params.columns === 'all' ? 'all' : params.columns?.join(','),
      };
      const { onProgress } = params;
      const response = await http.post<ArrayBuffer>(`${base}/export`, body, {
        responseType: 'arraybuffer',
        onDownloadProgress: onProgress
          ? (event) => onProgress({ loaded: event.loaded, total: event.total || undefined })
          : undefined,
      });
      const count = (name: string) => {
        const value = Number(headerOf(response, name));
        return Number.isFinite(value) && value > 0 ? value : undefined;
      };
      return {
        ...fileFromResponse(response, `${resource.name}.xlsx`),
        rows: count(EXPORT_ROWS_HEADER),
        limit: count(EXPORT_LIMIT_HEADER),
      };
    },
    async importFile(file, onProgress) {
      const body = new FormData();
      body.append('file', file, (file as File).name ?? `${resource.name}.xlsx`);
      const response = await http.post<Envelope<ImportResult>>(findAction('import').path, body, {
        silent: true,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      });
      return unwrap(response);
    },
    async upload(file, field, onProgress) {
      const body = new FormData();
      // the resource and field come before the file, so the server knows the rules as it reads it
      body.append('resource', resource.name);
      body.append('field', field);
      body.append('file', file, (file as File).name ?? 'file');
      const response = await http.post<Envelope<UploadResult>>(API_PATHS.upload, body, {
        silent: true,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      });
      return unwrap(response);
    },
    async revisions(id, params) {
      const path = `${base}/${encodeURIComponent(String(id))}/revisions`;
      return unwrap(await http.get<Envelope<ListResult<RevisionSummary>>>(path, { params }));
    },
    async revision(id, revision) {
      const path = `${base}/${encodeURIComponent(String(id))}/revisions/${encodeURIComponent(String(revision))}`;
      return unwrap(await http.get<Envelope<Revision>>(path));
    },
    async restoreRevision(id, revision, options) {
      const path = `${base}/${encodeURIComponent(String(id))}/revisions/${encodeURIComponent(String(revision))}/restore`;
      const body = options?.version === undefined ? {} : { version: options.version };
      return unwrap(await http.post<Envelope<Row>>(path, body));
    },
    async draft(id) {
      return unwrap(
        await http.get<Envelope<Draft | null>>(`${base}/${encodeURIComponent(String(id))}/draft`),
      );
    },
    async saveDraft(id, values, options) {
      const body = options?.version === undefined ? values : { ...values, version: options.version };
      const path = `${base}/${encodeURIComponent(String(id))}/draft`;
      return unwrap(await http.put<Envelope<Draft | null>>(path, body, { silent: true }));
    },
    async discardDraft(id) {
      return unwrap(
        await http.delete<Envelope<{ id: Id }>>(`${base}/${encodeURIComponent(String(id))}/draft`),
      );
    },
    async publishDraft(id) {
      const path = `${base}/${encodeURIComponent(String(id))}/draft/publish`;
      return unwrap(await http.post<Envelope<Row>>(path, {}));
    },
    async preview(id, options) {
      const path = `${base}/${encodeURIComponent(String(id))}/preview`;
      const params = options?.draft ? { draft: 'true' } : undefined;
      return unwrap(await http.get<Envelope<Preview>>(path, { params }));
    },
    async bin(params) {
      return unwrap(await http.get<Envelope<ListResult<BinnedRow>>>(`${base}/bin`, { params }));
    },
    async restore(ids) {
      return unwrap(await http.post<Envelope<{ count: number }>>(`${base}/bin/restore`, { ids }));
    },
    async purge(ids, options) {
      return unwrap(
        await http.delete<Envelope<{ count: number }>>(findAction('purge').path, {
          data: { ids },
          silent: options?.silent,
        }),
      );
    },
    async reorder(move) {
      return unwrap(
        await http.put<Envelope<{ count: number; rows: Row[] }>>(findAction('reorder').path, move),
      );
    },
    async action(actionName, row, values) {
      const action = findAction(actionName);
      const url = fillPath(action.path, row);
      const responseType = action.download ? 'arraybuffer' : 'json';
      const response =
        action.method === 'GET'
          ? await http.get(url, { params: values, responseType })
          : await http.request({ method: action.method, url, data: values ?? {}, responseType });
      if (action.download) {
        return { kind: 'file', file: fileFromResponse(response as AxiosResponse<ArrayBuffer>, action.name) };
      }
      return { kind: 'data', data: (response.data as Envelope).data };
    },
  };
}

// The media library's calls (docs/api.md "Media library"), so the dialog that browses uploads
// never sees axios or the query format: a page of uploads, a page of the unused ones, and the
// removal of some of those in one call.
import type { AxiosInstance } from 'axios';
import { API_PATHS, type MediaItem, type MediaKind, type UnusedMediaList } from '../contract.ts';
import type { Envelope, ListResult } from './envelope.ts';

export interface MediaQuery {
  page: number;
  limit: number;
  /** part of the original name */
  name?: string;
  kind?: MediaKind;
}

export interface MediaClient {
  list(query: MediaQuery, options?: { signal?: AbortSignal }): Promise<ListResult<MediaItem>>;
  listUnused(query: MediaQuery, options?: { signal?: AbortSignal }): Promise<UnusedMediaList>;
  /**
   * Removes these unused uploads, all or none. Silent: a 409 (a row uses one again) is shown
   * by the caller, beside the list it refreshes.
   */
  removeUnused(names: readonly string[]): Promise<{ count: number }>;
}

function params(query: MediaQuery): Record<string, string | number> {
  const out: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.name?.trim()) out.name = query.name.trim();
  if (query.kind) out.kind = query.kind;
  return out;
}

export function createMediaClient(http: AxiosInstance): MediaClient {
  return {
    async list(query, options) {
      const response = await http.get<Envelope<ListResult<MediaItem>>>(API_PATHS.media, {
        params: params(query),
        signal: options?.signal,
      });
      return response.data.data;
    },
    async listUnused(query, options) {
      const response = await http.get<Envelope<UnusedMediaList>>(API_PATHS.mediaUnused, {
        params: params(query),
        signal: options?.signal,
      });
      return response.data.data;
    },
    async removeUnused(names) {
      const response = await http.delete<Envelope<{ count: number }>>(API_PATHS.mediaUnused, {
        data: { names },
        silent: true,
      });
      return response.data.data;
    },
  };
}

export { ApiError, type ApiErrorInit, isApiError } from './apiError.ts';
export * from './constants.ts';
export { type Envelope, fieldErrorsOf, isEnvelope, type ListResult, type Meta } from './envelope.ts';
export { encodeForm } from './formEncode.ts';
export { createHttp, type HttpOptions, type Notifier, toastText } from './http.ts';
export {
  type ActionResult,
  createResourceClient,
  type DownloadedFile,
  type ExportParams,
  encodeFilters,
  type Filters,
  type FilterValue,
  fillPath,
  type Id,
  type ListParams,
  type RangeValue,
  type ResourceClient,
  type Row,
} from './resourceClient.ts';

import { Type } from 'typebox';
import { endpoint } from './contract.ts';

/**
 * File upload (spec 000 §5, §7 Files): the limits, the accepted types and the messages, shared by
 * the server (which checks the content) and the web (which checks before sending).
 */

export const FILE_UPLOAD_URL = 'basicData/private/file/upload';
/** A stored file is served at `${FILE_GET_URL}/<id>` (the upload's result is that URL). */
export const FILE_GET_URL = 'basicData/private/file/get';
/** The multipart field that carries the file. */
export const FILE_FIELD = 'file';

/** Upload limit (spec 000 §9): a file must be smaller than 20 MB. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Smallest image side in pixels (spec 000 §5, §9). */
export const IMAGE_MIN_SIZE = 72;

export const UPLOAD_KINDS = ['image', 'attachment'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** What the server recognises by content (magic bytes), never by name or client mime. */
export const FILE_TYPES = {
  png: { mime: 'image/png', label: 'png' },
  jpg: { mime: 'image/jpeg', label: 'jpg' },
  pdf: { mime: 'application/pdf', label: 'pdf' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'xlsx' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'docx' },
  xls: { mime: 'application/vnd.ms-excel', label: 'xls' },
  doc: { mime: 'application/msword', label: 'doc' },
  mp4: { mime: 'video/mp4', label: 'mp4' },
} as const;
export type FileType = keyof typeof FILE_TYPES;

/** The types each kind accepts. */
export const KIND_TYPES: Record<UploadKind, readonly FileType[]> = {
  image: ['png', 'jpg'],
  attachment: ['pdf', 'png', 'jpg', 'xls', 'xlsx', 'doc', 'docx', 'mp4'],
};

/** The web's `accept` attribute for each kind (a hint only: the server decides by content). */
export const KIND_ACCEPT: Record<UploadKind, string> = {
  image: '.png,.jpg,.jpeg',
  attachment: '.pdf,.png,.jpg,.jpeg,.xls,.xlsx,.doc,.docx,.mp4',
};

export const fileMessages = {
  /** spec 000 §5 */
  imageTooLarge: '上传图片大小不能超过20MB!',
  /** spec 000 §5 */
  imageTooSmall: '图片尺寸不能小于72*72',
  /** spec 000 §5 */
  imageType: '只能上传 png/jpg 格式的图片',
  /** spec 000 §5 */
  uploaded: '上传成功',
  /** spec 000 §5 (import: one file only) */
  onlyOne: '只能上传一个文件',
  attachmentTooLarge: '上传文件大小不能超过20MB!',
  attachmentType: `只能上传 ${KIND_TYPES.attachment.map((t) => FILE_TYPES[t].label).join('/')} 格式的文件`,
  noFile: '请选择要上传的文件',
  emptyFile: '上传的文件是空的',
  imageUnreadable: '无法读取图片尺寸，图片文件可能已损坏',
  notMultipart: '请以 multipart/form-data 方式上传文件',
} as const;

export const FileUploadQuery = Type.Object(
  {
    kind: Type.Optional(
      Type.Union(
        UPLOAD_KINDS.map((k) => Type.Literal(k)),
        { title: '上传类型', default: 'image' },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The image may be loaded by <img src>, which sends no header: the token may come as a parameter. */
export const FileGetQuery = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 200, title: '令牌' })) },
  { additionalProperties: false },
);

/** The upload's result: the URL of the stored file, relative to the API host. */
export const FileUrl = Type.String({ title: '文件地址' });

/** `${API prefix}${FILE_GET_URL}/<id>` */
export const fileUrl = (id: string) => `/api/web/v1/${FILE_GET_URL}/${id}`;

/** Uploading and serving files (spec 000 §7 Files). */
export const fileApi = {
  upload: endpoint({
    method: 'POST',
    path: FILE_UPLOAD_URL,
    summary: '上传文件（multipart 字段 file；kind=image 图片 png/jpg，kind=attachment 附件），返回文件地址',
    access: { session: true },
    multipart: true,
    query: FileUploadQuery,
    result: FileUrl,
  }),
  get: endpoint({
    method: 'GET',
    path: `${FILE_GET_URL}/:id`,
    summary: '获取已上传的文件（须登录：令牌在请求头或 token 参数中，由接口自行校验；只能取本企业的文件）',
    // the token may come as a parameter (<img src> sends no header), so the handler checks it itself
    access: { public: true },
    query: FileGetQuery,
  }),
};

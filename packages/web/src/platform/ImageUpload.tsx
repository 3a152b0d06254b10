import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { ResultOf } from '@factory/shared/api/contract';
import {
  FILE_FIELD,
  fileApi,
  fileMessages,
  IMAGE_MIN_SIZE,
  KIND_ACCEPT,
  UPLOAD_MAX_BYTES,
} from '@factory/shared/api/file';
import { App, Button, Flex, Tooltip, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { fileSrc } from './fileSrc.ts';
import { postForm } from './list/download.ts';
import { useSession } from './session.ts';

export { fileSrc };

/**
 * Image upload as a form control (spec 000 §5, §7 Files): the value is the uploaded file's URL
 * (the upload's result) or null. The file is checked here before it is sent — png/jpg, at most
 * 20 MB like the server, at least 72×72 by its decoded size — and the server checks it again by
 * content. The current image shows as the box's picture; clicking it picks a replacement.
 */

/** What the browser hands over of a picked file. */
type Picked = Pick<File, 'name' | 'size' | 'type'> & Blob;

const IMAGE_EXTENSIONS = KIND_ACCEPT.image.split(',');
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);

/** The decoded size of an image, or undefined when the browser cannot decode it. */
export function naturalSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onerror = () => resolve(undefined);
    reader.onload = () => {
      const img = new Image();
      img.onload = () =>
        resolve(
          img.naturalWidth && img.naturalHeight
            ? { width: img.naturalWidth, height: img.naturalHeight }
            : undefined,
        );
      img.onerror = () => resolve(undefined);
      // a data URL: the file is at most 20 MB here, and it needs no object URL to revoke
      img.src = String(reader.result);
    };
    reader.readAsDataURL(file);
  });
}

/** Uploads an image (checked beforehand with imageProblem); answers the stored file's URL. */
export function uploadImage(file: Pick<File, 'name'> & Blob, signal?: AbortSignal) {
  const body = new FormData();
  body.append(FILE_FIELD, file, file.name);
  return postForm<ResultOf<typeof fileApi.upload>>(fileApi.upload.path, body, {
    query: { kind: 'image' },
    signal,
  });
}

/** Why a picked file cannot be uploaded as an image (the spec's messages), or undefined. */
export async function imageProblem(
  file: Picked,
  measure: (file: Blob) => Promise<{ width: number; height: number } | undefined> = naturalSize,
): Promise<string | undefined> {
  const name = file.name.toLowerCase();
  if (!IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext)) || (file.type && !IMAGE_MIMES.has(file.type)))
    return fileMessages.imageType;
  if (file.size > UPLOAD_MAX_BYTES) return fileMessages.imageTooLarge;
  const size = await measure(file);
  if (!size) return fileMessages.imageUnreadable;
  if (size.width < IMAGE_MIN_SIZE || size.height < IMAGE_MIN_SIZE) return fileMessages.imageTooSmall;
  return undefined;
}

/** The rule to show beside the control (a Form.Item's `extra`). */
export const IMAGE_HINT = `png/jpg 格式，不超过${UPLOAD_MAX_BYTES / 1024 / 1024}MB，尺寸不小于${IMAGE_MIN_SIZE}*${IMAGE_MIN_SIZE}`;

export interface ImageUploadProps {
  value?: string | null;
  onChange?(url: string | null): void;
  /** Given by Form.Item, so its label points at the file input. */
  id?: string;
  disabled?: boolean;
  /** The box: square (pictures) or round (avatars). */
  shape?: 'square' | 'circle';
  /** Text under the plus sign of the empty box. */
  text?: string;
  /** Alternative text of the current image. */
  alt?: string;
}

export function ImageUpload({
  value,
  onChange,
  id,
  disabled,
  shape = 'square',
  text = '上传图片',
  alt = '图片',
}: ImageUploadProps) {
  const { message } = App.useApp();
  const token = useSession((s) => s.token);
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: Picked) => {
    const problem = await imageProblem(file);
    if (problem) {
      message.error(problem);
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    try {
      const url = await uploadImage(file, controller.signal);
      if (controller.signal.aborted) return;
      message.success(fileMessages.uploaded);
      onChange?.(url);
    } catch {
      // the request client has shown the server's reason (or the network failure)
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setUploading(false);
      }
    }
  };

  const src = fileSrc(value, token);
  const round = shape === 'circle';
  const box = uploading ? (
    <Flex vertical align="center" gap={4}>
      <LoadingOutlined />
      <span>上传中</span>
    </Flex>
  ) : src ? (
    <img
      src={src}
      alt={alt}
      style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: round ? '50%' : 8 }}
    />
  ) : (
    <Flex vertical align="center" gap={4}>
      <PlusOutlined />
      <span>{text}</span>
    </Flex>
  );

  return (
    <Flex align="end" gap={8}>
      <Upload
        id={id}
        listType={round ? 'picture-circle' : 'picture-card'}
        accept={KIND_ACCEPT.image}
        showUploadList={false}
        maxCount={1}
        disabled={disabled || uploading}
        // every check and the request happen here; the Upload itself never sends
        beforeUpload={async (file) => {
          await send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        {src && !uploading && !disabled ? (
          <Tooltip title="点击更换">
            <div style={{ width: '100%', height: '100%', display: 'flex' }}>{box}</div>
          </Tooltip>
        ) : (
          box
        )}
      </Upload>
      {value && !uploading && !disabled && (
        <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
          移除
        </Button>
      )}
    </Flex>
  );
}

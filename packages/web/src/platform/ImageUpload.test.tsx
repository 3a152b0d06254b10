import { deflateSync } from 'node:zlib';
import { fileMessages, UPLOAD_MAX_BYTES } from '@factory/shared/api/file';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, message } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileSrc, ImageUpload, imageProblem, naturalSize } from './ImageUpload.tsx';
import { installEffects } from './request.ts';
import { useSession } from './session.ts';

/** A real one-colour PNG of the given size (happy-dom reads the size of a data URL's image). */
function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n >>> 0);
    return b;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    return Buffer.concat([u32(data.length), td, u32(crc(td))]);
  };
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])])),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(bytes);
}
const pngFile = (width: number, height: number, name = 'face.png') =>
  new File([png(width, height)], name, { type: 'image/png' });
/** A file that claims a size without holding it. */
const sized = (name: string, size: number, type = 'image/png') =>
  Object.defineProperty(new File(['x'], name, { type }), 'size', { value: size });
const URL_OF = '/api/web/v1/basicData/private/file/get/0b7c5f0e-7d3e-4f55-9d51-1f2a3b4c5d6e';

describe('imageProblem (spec 000 §5)', () => {
  const fine = async () => ({ width: 72, height: 72 });

  it('takes png and jpg files only', async () => {
    for (const name of ['a.png', 'B.PNG', 'c.jpg', 'd.jpeg'])
      expect(await imageProblem(sized(name, 10, ''), fine), name).toBeUndefined();
    for (const name of ['a.gif', 'a.webp', 'png', 'a.png.exe', 'a.svg'])
      expect(await imageProblem(sized(name, 10, ''), fine), name).toBe('只能上传 png/jpg 格式的图片');
    // a name that lies about a type the browser knows
    expect(await imageProblem(sized('a.png', 10, 'image/gif'), fine)).toBe(fileMessages.imageType);
  });

  it('refuses more than 20 MB, as the server does', async () => {
    expect(await imageProblem(sized('a.png', UPLOAD_MAX_BYTES), fine)).toBeUndefined();
    expect(await imageProblem(sized('a.png', UPLOAD_MAX_BYTES + 1), fine)).toBe('上传图片大小不能超过20MB!');
  });

  it('measures the decoded image: at least 72×72, and readable', async () => {
    expect(await naturalSize(pngFile(80, 73))).toEqual({ width: 80, height: 73 });
    expect(await imageProblem(pngFile(72, 72))).toBeUndefined();
    expect(await imageProblem(pngFile(10, 10))).toBe('图片尺寸不能小于72*72');
    expect(await imageProblem(pngFile(200, 71))).toBe(fileMessages.imageTooSmall);
    expect(await imageProblem(pngFile(71, 200))).toBe(fileMessages.imageTooSmall);
    expect(await imageProblem(new File(['not a picture'], 'x.png', { type: 'image/png' }))).toBe(
      fileMessages.imageUnreadable,
    );
  });
});

describe('fileSrc', () => {
  it('adds the token to the API’s own files only', () => {
    expect(fileSrc(URL_OF, 'a b')).toBe(`${URL_OF}?token=a%20b`);
    expect(fileSrc(`${URL_OF}?x=1`, 't')).toBe(`${URL_OF}?x=1&token=t`);
    expect(fileSrc('https://cdn.example.com/a.png', 't')).toBe('https://cdn.example.com/a.png');
    expect(fileSrc(null, 't')).toBeUndefined();
    expect(fileSrc('', 't')).toBeUndefined();
  });
});

const fetchMock = vi.fn<typeof fetch>();
const effects = { error: vi.fn(), toLogin: vi.fn(), reload: vi.fn(), setTimeout: vi.fn() };
const onChange = vi.fn();
const envelope = (result: unknown, errorCode = 0, errorMsg = '') =>
  new Response(JSON.stringify({ errorCode, result, errorMsg }), {
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  installEffects(effects);
  useSession.getState().signIn('tok-1', { userName: 'u' } as never, 'acme');
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  // the closing messages re-render through React's scheduler: let it finish inside the test file,
  // before the environment is torn down under it
  await act(async () => message.destroy());
  cleanup();
  vi.unstubAllGlobals();
  for (const f of [fetchMock, onChange, ...Object.values(effects)]) f.mockReset();
});

const mount = (value: string | null = null) =>
  render(
    <App>
      <ImageUpload value={value} onChange={onChange} alt="头像" shape="circle" />
    </App>,
  );
const choose = async (file: File) => {
  await act(async () => {
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [file] },
    });
  });
};

describe('ImageUpload', { timeout: 30_000 }, () => {
  it('refuses in the browser, with the spec messages, and sends nothing', async () => {
    mount();
    expect(screen.getByText('上传图片')).toBeTruthy();
    expect((document.querySelector('input[type=file]') as HTMLInputElement).accept).toBe('.png,.jpg,.jpeg');
    await choose(pngFile(10, 10));
    await screen.findByText('图片尺寸不能小于72*72');
    await choose(new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    await screen.findByText('只能上传 png/jpg 格式的图片');
    await choose(sized('big.jpg', UPLOAD_MAX_BYTES + 1, 'image/jpeg'));
    await screen.findByText('上传图片大小不能超过20MB!');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads a good image with the token, says 上传成功 and gives the URL', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    mount();
    await choose(pngFile(80, 80));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // a spinner while the request is under way
    expect(screen.getByText('上传中')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/web/v1/basicData/private/file/upload?kind=image');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ token: 'tok-1' });
    expect(((init.body as FormData).get('file') as File).name).toBe('face.png');
    await act(async () => answer(envelope(URL_OF)));
    await screen.findByText('上传成功');
    expect(onChange).toHaveBeenCalledWith(URL_OF);
    expect(screen.queryByText('上传中')).toBeNull();
  });

  it('shows the server’s refusal and keeps the value', async () => {
    fetchMock.mockResolvedValueOnce(envelope(null, 1, fileMessages.imageUnreadable));
    mount();
    await choose(pngFile(80, 80));
    await waitFor(() => expect(effects.error).toHaveBeenCalledWith(fileMessages.imageUnreadable));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('上传成功')).toBeNull();
    await waitFor(() => expect(screen.getByText('上传图片')).toBeTruthy());
  });

  it('shows the current image with the token, and removes it', async () => {
    mount(URL_OF);
    const img = screen.getByAltText('头像') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`${URL_OF}?token=tok-1`);
    fireEvent.click(screen.getByRole('button', { name: /移\s*除/ }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

import { CloudUploadOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  DEFAULT_START_ROW,
  IMPORT_EXTENSIONS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportCheckResult,
  type ImportError,
  type ImportedDocument,
  type ImportWriteResult,
  importMessages,
} from '@factory/shared/api/import';
import { encryptText } from '@factory/shared/crypto';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Result,
  Spin,
  Steps,
  Table,
  type TableColumnType,
  Typography,
  theme,
  Upload,
  type UploadFile,
  type UploadProps,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AppModal } from '../AppModal.tsx';
import { ApiError } from '../request.ts';
import { EMPTY_CELL } from './columns.tsx';
import { downloadFile, postForm } from './download.ts';

const { Text, Link } = Typography;

/** A form field the write step sends along with the file (e.g. the imported users' password). */
export interface ImportField {
  name: string;
  label: string;
  type: 'text' | 'password';
  rules?: FormRule[];
  placeholder?: string;
  /** Help under the field. */
  extra?: string;
}

export interface ImportWizardProps {
  open: boolean;
  /** Closed before anything was written. */
  onClose(): void;
  /** Closed after a write: the list reloads. */
  onDone(): void;
  /** What is imported ('用户'): the title and file names. */
  entityLabel: string;
  /** The import call; `mode=check|write` and `startRow` travel in its query, the file as `file`. */
  importPath: string;
  templatePath: string;
  /** Turns the check's errors (JSON body) into an xlsx. */
  errorsPath: string;
  /** Fields the write needs; passwords are encrypted before they are sent. */
  writeFields?: readonly ImportField[];
  /** A document import: what the rows become ('入库单') and how, told before the write. */
  documents?: { label: string; rule: string };
}

/** The refusal of a chosen file (spec 000 §5), if any; `count` is how many were chosen at once. */
export function fileProblem(file: { name: string; size: number }, count = 1): string | undefined {
  if (count > 1) return importMessages.oneFile;
  const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return importMessages.format;
  if (file.size >= IMPORT_MAX_BYTES) return importMessages.tooLarge;
  return undefined;
}

const STEPS = [{ title: '上传文件' }, { title: '校验数据' }, { title: '写入数据' }];

const ERROR_COLUMNS: TableColumnType<ImportError>[] = [
  { key: 'row', dataIndex: 'row', title: '行号', width: 80 },
  { key: 'column', dataIndex: 'column', title: '列', width: 140, ellipsis: true },
  {
    key: 'value',
    dataIndex: 'value',
    title: '值',
    width: 180,
    ellipsis: true,
    render: (v?: string) => (v ? v : <Text type="secondary">{EMPTY_CELL}</Text>),
  },
  { key: 'reason', dataIndex: 'reason', title: '原因', ellipsis: true },
];

type Step = 0 | 1 | 2;
/** A file as the upload hands it over. */
type Picked = Parameters<NonNullable<UploadProps['beforeUpload']>>[0];

interface BodyProps extends Omit<ImportWizardProps, 'open'> {
  /** True while writing: the dialog must not close in the middle of a write. */
  onBusy(busy: boolean): void;
  onWritten(): void;
}

/**
 * The batch import dialog (spec 000 §2, §4, §5): 上传文件 → 校验数据 → 写入数据. Nothing is sent
 * until the check; the write sends the same file again and the server checks it once more, writing
 * all rows or none. Back from step 1 or 2 returns to step 0 with the file and settings kept.
 */
export function ImportWizard({ open, onClose, onDone, ...rest }: ImportWizardProps) {
  const [busy, setBusy] = useState(false);
  const [written, setWritten] = useState(false);
  useEffect(() => {
    if (open) {
      setBusy(false);
      setWritten(false);
    }
  }, [open]);
  const close = () => (written ? onDone() : onClose());
  return (
    <AppModal
      open={open}
      title={`批量导入${rest.entityLabel}`}
      footer={null}
      closable={!busy}
      keyboard={!busy}
      onCancel={close}
    >
      <WizardBody
        {...rest}
        onClose={close}
        onDone={onDone}
        onBusy={setBusy}
        onWritten={() => setWritten(true)}
      />
    </AppModal>
  );
}

function WizardBody({
  entityLabel,
  importPath,
  templatePath,
  errorsPath,
  writeFields = [],
  documents,
  onClose,
  onDone,
  onBusy,
  onWritten,
}: BodyProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm();
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<Picked>();
  // the step-0 form's values, kept while it is not shown
  const [settings, setSettings] = useState<Record<string, unknown>>({ startRow: DEFAULT_START_ROW });
  const [check, setCheck] = useState<ImportCheckResult>();
  const [result, setResult] = useState<ImportWriteResult>();
  const [loading, setLoading] = useState<'check' | 'write' | 'template' | 'errors'>();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Sends the file; a new call, going back or closing aborts the one under way. */
  const upload = async <T,>(
    mode: 'check' | 'write',
    values: Record<string, unknown>,
    signal: AbortSignal,
  ) => {
    const body = new FormData();
    if (mode === 'write') {
      for (const f of writeFields) {
        const v = String(values[f.name] ?? '');
        if (v) body.append(f.name, f.type === 'password' ? await encryptText(v) : v);
      }
    }
    // fields first: the server reads the parts in order
    body.append('file', file as File, file?.name);
    const startRow = Number(values.startRow) || DEFAULT_START_ROW;
    return postForm<T>(importPath, body, { query: { mode, startRow }, signal });
  };
  const newSignal = () => {
    abort.current?.abort();
    abort.current = new AbortController();
    return abort.current.signal;
  };

  const toCheck = async () => {
    let values: Record<string, unknown>;
    try {
      values = { ...settings, ...(await form.validateFields()) };
    } catch {
      return; // the form shows what is missing
    }
    setSettings(values);
    setCheck(undefined);
    setStep(1);
    setLoading('check');
    const signal = newSignal();
    try {
      setCheck(await upload<ImportCheckResult>('check', values, signal));
    } catch (err) {
      if (signal.aborted) return;
      // the client has said why (no data, missing columns, bad file …): choose again
      setStep(0);
      if (!(err instanceof ApiError)) throw err;
    } finally {
      if (!signal.aborted) setLoading(undefined);
    }
  };

  const write = async () => {
    setLoading('write');
    onBusy(true);
    const signal = newSignal();
    try {
      setResult(await upload<ImportWriteResult>('write', settings, signal));
      onWritten();
    } catch (err) {
      if (signal.aborted) return;
      // the data changed since the check (e.g. a user name taken meanwhile): show the new errors
      if (err instanceof ApiError && isCheckResult(err.result)) {
        setCheck(err.result);
        setStep(1);
      } else if (!(err instanceof ApiError)) throw err;
    } finally {
      setLoading(undefined);
      onBusy(false);
    }
  };

  const fetchFile = async (kind: 'template' | 'errors') => {
    setLoading(kind);
    try {
      await (kind === 'template'
        ? downloadFile(templatePath, {}, `${entityLabel}导入模板.xlsx`)
        : downloadFile(
            errorsPath,
            { method: 'POST', body: check?.errors ?? [] },
            `${entityLabel}导入错误清单.xlsx`,
          ));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setLoading(undefined);
    }
  };

  const back = () => {
    abort.current?.abort();
    setLoading(undefined);
    setStep(0);
  };

  const fileList: UploadFile[] = file
    ? [{ uid: file.uid, name: file.name, size: file.size, status: 'done', originFileObj: file }]
    : [];

  const uploadStep = (
    <Flex vertical gap={16}>
      <Upload.Dragger
        // a wrong extension must reach beforeUpload to be explained, not be dropped silently
        accept={{ format: IMPORT_EXTENSIONS.join(','), filter: 'native' }}
        multiple
        fileList={fileList}
        beforeUpload={(f, batch) => {
          const problem = fileProblem(f, batch.length);
          // one message for a batch of files
          if (problem && f === batch[0]) message.error(problem);
          if (!problem) setFile(f);
          return Upload.LIST_IGNORE;
        }}
        onRemove={() => setFile(undefined)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将文件拖拽到此区域</p>
        <p className="ant-upload-hint">
          仅支持 .xls、.xlsx 格式，一次一个文件，大小不超过5MB，最多{IMPORT_MAX_ROWS}行数据
        </p>
      </Upload.Dragger>
      <Flex align="center" gap={4}>
        <Text type="secondary">请按模板填写数据，</Text>
        <Link onClick={() => void fetchFile('template')} disabled={loading === 'template'}>
          <DownloadOutlined /> 下载模板
        </Link>
      </Flex>
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} initialValues={settings}>
        <Form.Item
          name="startRow"
          label="起始行"
          extra="表头所在的行，数据从其下一行开始读取"
          rules={[{ required: true, message: '请输入起始行' }]}
        >
          <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {writeFields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} extra={f.extra} rules={f.rules}>
            {f.type === 'password' ? (
              <Input.Password
                autoComplete="new-password"
                placeholder={f.placeholder ?? `请输入${f.label}`}
                style={{ width: 320 }}
              />
            ) : (
              <Input placeholder={f.placeholder ?? `请输入${f.label}`} style={{ width: 320 }} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Flex>
  );

  const errorCount = check?.errors.length ?? 0;
  const checkStep =
    loading === 'check' || !check ? (
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight: 240 }}>
        <Spin size="large" />
        <Text type="secondary">正在校验数据…</Text>
      </Flex>
    ) : (
      <Flex vertical gap={12}>
        <Alert
          type={errorCount ? 'error' : 'success'}
          showIcon
          title={`共 ${check.total} 行，通过 ${check.valid} 行，错误 ${errorCount} 处`}
          description={
            errorCount
              ? '请下载错误清单，按行号修正文件后点击“上一步”重新上传。'
              : `校验通过，点击“下一步”写入${check.valid}条数据。`
          }
          action={
            errorCount ? (
              <Button
                icon={<DownloadOutlined />}
                loading={loading === 'errors'}
                onClick={() => void fetchFile('errors')}
              >
                下载错误清单
              </Button>
            ) : undefined
          }
        />
        {errorCount > 0 && (
          <Table<ImportError>
            rowKey={(e) => `${e.row}:${e.column}:${e.reason}`}
            columns={ERROR_COLUMNS}
            dataSource={check.errors}
            size="small"
            pagination={{ pageSize: 8, showSizeChanger: false, showTotal: (t) => `共 ${t} 处` }}
          />
        )}
      </Flex>
    );

  const writeStep = result ? (
    <Result
      status="success"
      title={`成功导入 ${result.written} 条`}
      subTitle={
        result.documents
          ? madeText(result.documents, documents?.label ?? '单据')
          : `${entityLabel}数据已全部写入`
      }
    />
  ) : (
    <Result
      icon={<CloudUploadOutlined style={{ color: token.colorPrimary }} />}
      title={`即将导入 ${check?.valid ?? 0} 条${entityLabel}数据`}
      subTitle={[documents?.rule, '全部写入成功或全部不写入；写入前会再次校验文件']
        .filter(Boolean)
        .join('；')}
    />
  );

  // keyed, so a button never carries another step's state (a fading spinner)
  const footer = {
    0: (
      <>
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>
        <Button key="check" type="primary" disabled={!file} onClick={() => void toCheck()}>
          下一步
        </Button>
      </>
    ),
    1: (
      <>
        <Button key="back" onClick={back}>
          上一步
        </Button>
        <Button
          key="next"
          type="primary"
          disabled={loading === 'check' || !check || errorCount > 0 || check.valid === 0}
          onClick={() => setStep(2)}
        >
          下一步
        </Button>
      </>
    ),
    2: result ? (
      <Button key="ok" type="primary" onClick={onDone}>
        确定
      </Button>
    ) : (
      <>
        <Button key="back" onClick={back} disabled={loading === 'write'}>
          上一步
        </Button>
        <Button key="write" type="primary" loading={loading === 'write'} onClick={() => void write()}>
          开始导入
        </Button>
      </>
    ),
  }[step];

  return (
    <Flex vertical gap={24} style={{ paddingTop: 12 }}>
      <Steps current={step} items={STEPS} status={result ? 'finish' : 'process'} size="small" />
      <div style={{ minHeight: 240 }}>{[uploadStep, checkStep, writeStep][step]}</div>
      <Flex justify="flex-end" gap={8}>
        {footer}
      </Flex>
    </Flex>
  );
}

/** What a document import made: '生成入库单 2 张：CRK…（3行）、CRK…（1行）'. */
const madeText = (made: readonly ImportedDocument[], label: string) =>
  `生成${label} ${made.length} 张：${made.map((d) => `${d.code}（${d.lines}行）`).join('、')}`;

function isCheckResult(v: unknown): v is ImportCheckResult {
  return !!v && typeof v === 'object' && 'errors' in v && Array.isArray(v.errors);
}

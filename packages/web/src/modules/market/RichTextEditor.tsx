import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { fileMessages, KIND_ACCEPT } from '@factory/shared/api/file';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { fileSrc } from '../../platform/fileSrc.ts';
import { imageProblem, uploadImage } from '../../platform/ImageUpload.tsx';
import s from './market.module.css';

/**
 * The rich-text editor of the application detail page (Tiptap). It edits HTML; the server cleans
 * what is saved. Images are uploaded like any image (png/jpg, ≥ 72×72, < 20 MB) and shown here with
 * the token; on saving, the server copies them into the public market pictures and drops the token.
 */
export interface RichTextEditorProps {
  value: string;
  onChange(html: string): void;
  /** Names the editor for assistive technology and tests. */
  label: string;
}

/** An empty editor says '<p></p>': that is no text at all. */
const normalise = (html: string) => (html === '<p></p>' ? '' : html);

function ToolButton({
  title,
  icon,
  active,
  disabled,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!url) chain.unsetLink().run();
    else chain.setLink({ href: /^(https?:|mailto:|tel:)/i.test(url) ? url : `https://${url}` }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref(editor.getAttributes('link').href ?? '');
      }}
      trigger="click"
      content={
        <Input.Search
          autoFocus
          style={{ width: 300 }}
          placeholder="请输入链接地址，留空则取消链接"
          enterButton="确定"
          value={href}
          onChange={(e) => setHref(e.target.value)}
          onSearch={apply}
        />
      }
    >
      <span>
        <ToolButton title="链接" icon={<LinkOutlined />} active={active} onClick={() => setOpen(true)} />
      </span>
    </Popover>
  );
}

export default function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } }),
      Image,
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(normalise(e.getHTML())),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const insertImage = async (file: File) => {
    const problem = await imageProblem(file);
    if (problem) {
      message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: fileSrc(url) ?? url, alt: file.name })
        .run();
      message.success(fileMessages.uploaded);
    } catch {
      // the request client has shown why
    } finally {
      setUploading(false);
    }
  };

  const chain = () => editor.chain().focus();
  return (
    <div className={s.editor}>
      <div className={s.toolbar} role="toolbar" aria-label={`${label}格式`}>
        <ToolButton
          title="撤销"
          icon={<UndoOutlined />}
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          title="重做"
          icon={<RedoOutlined />}
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
        <span className={s.toolbarDivider} />
        <ToolButton
          title="标题"
          icon={<b style={{ fontSize: 13 }}>H2</b>}
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          title="小标题"
          icon={<b style={{ fontSize: 12 }}>H3</b>}
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton
          title="加粗"
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          title="斜体"
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          title="下划线"
          icon={<UnderlineOutlined />}
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          title="删除线"
          icon={<StrikethroughOutlined />}
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <span className={s.toolbarDivider} />
        <ToolButton
          title="无序列表"
          icon={<UnorderedListOutlined />}
          active={state.bullet}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          title="有序列表"
          icon={<OrderedListOutlined />}
          active={state.ordered}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          title="引用"
          icon={<b style={{ fontSize: 16, lineHeight: 1 }}>“</b>}
          active={state.quote}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolButton
          title="分隔线"
          icon={<LineOutlined />}
          onClick={() => chain().setHorizontalRule().run()}
        />
        <span className={s.toolbarDivider} />
        <LinkButton editor={editor} active={state.link} />
        <ToolButton
          title={uploading ? '图片上传中' : '插入图片'}
          icon={<PictureOutlined />}
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        />
        <ToolButton
          title="插入表格"
          icon={<TableOutlined />}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        {state.table && (
          <>
            <ToolButton
              title="下方插入行"
              icon={<InsertRowBelowOutlined />}
              onClick={() => chain().addRowAfter().run()}
            />
            <ToolButton
              title="右侧插入列"
              icon={<InsertRowRightOutlined />}
              onClick={() => chain().addColumnAfter().run()}
            />
            <ToolButton title="删除行" icon={<DeleteOutlined />} onClick={() => chain().deleteRow().run()} />
            <ToolButton
              title="删除列"
              icon={<DeleteColumnOutlined />}
              onClick={() => chain().deleteColumn().run()}
            />
            <ToolButton
              title="删除表格"
              icon={<TableOutlined style={{ color: '#ff4d4f' }} />}
              onClick={() => chain().deleteTable().run()}
            />
          </>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={KIND_ACCEPT.image}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} className={`${s.editorContent} ${s.richText}`} />
    </div>
  );
}

// The rich-text editor's toolbar: the formats a school's news and notices use (headings, bold,
// lists, quotes, links, images), each reflecting whether it applies at the cursor.
import {
  BoldOutlined,
  ClearOutlined,
  CloudUploadOutlined,
  DisconnectOutlined,
  FolderOpenOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  MessageOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type ChainedCommands, type Editor, useEditorState } from '@tiptap/react';
import { Divider, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import type { Lang } from '../../schema/types.ts';
import { type MessageKey, t } from '../i18n.ts';
import { ToolbarButton } from './ToolbarButton.tsx';
import { UrlButton } from './UrlButton.tsx';

export interface RichTextToolbarProps {
  /** null until the editor is made, after the form's first drawing: the toolbar waits, disabled */
  editor: Editor | null;
  lang: Lang;
  disabled?: boolean;
  /** opens the file picker whose picture is uploaded and inserted; absent: no uploads here */
  onPickImage?: () => void;
  /** a picture is on its way: the upload button shows it and waits */
  uploading?: boolean;
  /** opens the media library, whose choice is inserted; absent: no library here */
  onLibrary?: () => void;
}

// the page's title is the article's h1, so the body's headings start at h2 (shown as "heading 1")
const HEADING_LEVELS = [2, 3, 4] as const;
type HeadingLevel = (typeof HEADING_LEVELS)[number];
type BlockStyle = 'paragraph' | `h${HeadingLevel}`;

/** A format the selection either has or not: its button shows which, a click toggles it. */
interface Toggle {
  /** the mark or node name the editor reports as active */
  name: string;
  label: MessageKey;
  icon: ReactNode;
  toggle: (chain: ChainedCommands) => ChainedCommands;
}

const MARKS: Toggle[] = [
  { name: 'bold', label: 'bold', icon: <BoldOutlined />, toggle: (c) => c.toggleBold() },
  { name: 'italic', label: 'italic', icon: <ItalicOutlined />, toggle: (c) => c.toggleItalic() },
  { name: 'underline', label: 'underline', icon: <UnderlineOutlined />, toggle: (c) => c.toggleUnderline() },
  { name: 'strike', label: 'strike', icon: <StrikethroughOutlined />, toggle: (c) => c.toggleStrike() },
];
const BLOCKS: Toggle[] = [
  {
    name: 'bulletList',
    label: 'bulletList',
    icon: <UnorderedListOutlined />,
    toggle: (c) => c.toggleBulletList(),
  },
  {
    name: 'orderedList',
    label: 'orderedList',
    icon: <OrderedListOutlined />,
    toggle: (c) => c.toggleOrderedList(),
  },
  { name: 'blockquote', label: 'blockquote', icon: <MessageOutlined />, toggle: (c) => c.toggleBlockquote() },
];

/** What the toolbar shows while there is no editor yet. */
const NO_EDITOR = {
  block: 'paragraph' as BlockStyle,
  active: [] as string[],
  canUndo: false,
  canRedo: false,
};

export function RichTextToolbar({
  editor,
  lang,
  disabled,
  onPickImage,
  uploading,
  onLibrary,
}: RichTextToolbarProps) {
  // the toolbar re-renders when what it shows changes, not on every keystroke
  const state =
    useEditorState({
      editor,
      selector: ({ editor: e }) => {
        if (!e) return NO_EDITOR;
        const level = HEADING_LEVELS.find((l) => e.isActive('heading', { level: l }));
        return {
          block: (level ? `h${level}` : 'paragraph') as BlockStyle,
          active: [...MARKS, ...BLOCKS, { name: 'link' }]
            .filter((f) => e.isActive(f.name))
            .map((f) => f.name),
          canUndo: e.can().undo(),
          canRedo: e.can().redo(),
        };
      },
    }) ?? NO_EDITOR;
  // every control is disabled until there is an editor, so a click always has one
  const off = disabled || !editor;
  const chain = () => editor!.chain().focus();
  const setBlock = (style: BlockStyle) => {
    if (style === 'paragraph') chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(style.slice(1)) as HeadingLevel })
        .run();
  };
  const separator = <Divider orientation="vertical" style={{ marginInline: 2 }} />;
  const toggles = (list: Toggle[]) =>
    list.map((format) => (
      <ToolbarButton
        key={format.name}
        icon={format.icon}
        title={t(format.label, lang)}
        active={state.active.includes(format.name)}
        disabled={off}
        onClick={() => format.toggle(chain()).run()}
      />
    ));

  return (
    <Space size={2} wrap role="toolbar" style={{ padding: 4 }}>
      <ToolbarButton
        icon={<UndoOutlined />}
        title={t('undo', lang)}
        disabled={off || !state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolbarButton
        icon={<RedoOutlined />}
        title={t('redo', lang)}
        disabled={off || !state.canRedo}
        onClick={() => chain().redo().run()}
      />
      {separator}
      <Select<BlockStyle>
        aria-label={t('textStyle', lang)}
        size="small"
        variant="borderless"
        disabled={off}
        value={state.block}
        onChange={setBlock}
        options={[
          { value: 'paragraph', label: t('paragraph', lang) },
          ...HEADING_LEVELS.map((level) => ({
            value: `h${level}` as BlockStyle,
            label: t('heading', lang, { level: level - 1 }),
          })),
        ]}
        style={{ width: 96 }}
      />
      {separator}
      {toggles(MARKS)}
      {separator}
      {toggles(BLOCKS)}
      <ToolbarButton
        icon={<LineOutlined />}
        title={t('rule', lang)}
        disabled={off}
        onClick={() => chain().setHorizontalRule().run()}
      />
      {separator}
      {state.active.includes('link') ? (
        <ToolbarButton
          icon={<DisconnectOutlined />}
          title={t('unlink', lang)}
          disabled={off}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
      ) : (
        <UrlButton
          icon={<LinkOutlined />}
          title={t('link', lang)}
          lang={lang}
          extraSchemes={['mailto:', 'tel:']}
          disabled={off}
          onSubmit={(href) =>
            editor!.state.selection.empty
              ? // nothing selected to link: the address itself becomes the link text
                chain()
                  .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                  .run()
              : chain().extendMarkRange('link').setLink({ href }).run()
          }
        />
      )}
      {onPickImage && (
        <ToolbarButton
          icon={<CloudUploadOutlined />}
          title={t('uploadImage', lang)}
          disabled={off}
          loading={uploading}
          onClick={onPickImage}
        />
      )}
      {onLibrary && (
        <ToolbarButton
          icon={<FolderOpenOutlined />}
          title={t('insertFromLibrary', lang)}
          disabled={off}
          onClick={onLibrary}
        />
      )}
      <UrlButton
        icon={<PictureOutlined />}
        title={t('image', lang)}
        lang={lang}
        disabled={off}
        onSubmit={(src) => chain().setImage({ src }).run()}
      />
      {separator}
      <ToolbarButton
        icon={<ClearOutlined />}
        title={t('clearFormat', lang)}
        disabled={off}
        onClick={() => chain().unsetAllMarks().clearNodes().run()}
      />
    </Space>
  );
}

import { type Editor, useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Baseline,
  Bold,
  Highlighter,
  ImagePlus,
  Italic,
  List,
  ListOrdered,
  type LucideIcon,
  MessageSquareText,
  RemoveFormatting,
  Underline,
} from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.js';
import { ImageButton } from './image-button.js';
import type { DescribeImage } from './image-description-dialog.js';

const CONTROL =
  'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-50 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-900';
const HEX_COLOR = /^#[\da-f]{6}$/i;

type Alignment = 'start' | 'center' | 'end';
type ToolKey = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

interface ToolbarButtonProps {
  label: string;
  icon: LucideIcon;
  pressed?: boolean;
  onClick: () => void;
}

function ToolbarButton({ label, icon: Icon, pressed, onClick }: ToolbarButtonProps) {
  return (
    <button type="button" className={CONTROL} aria-label={label} title={label} aria-pressed={pressed} onClick={onClick}>
      <Icon className="size-4" aria-hidden />
    </button>
  );
}

interface ColorControlProps {
  label: string;
  icon: LucideIcon;
  value: unknown;
  fallback: string;
  onPick: (color: string) => void;
}

/** A native color input behind an icon: the keyboard opens the browser's own picker. */
function ColorControl({ label, icon: Icon, value, fallback, onPick }: ColorControlProps) {
  const color = typeof value === 'string' && HEX_COLOR.test(value) ? value : fallback;
  return (
    <label className={`${CONTROL} relative focus-within:outline-2 focus-within:outline-indigo-600`} title={label}>
      <Icon className="size-4" aria-hidden style={{ color: typeof value === 'string' ? value : undefined }} />
      <input
        type="color"
        aria-label={label}
        value={color}
        onChange={(event) => onPick(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </label>
  );
}

/** Arrow keys move along the toolbar (mirrored right to left), Home and End go to its ends. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, rtl: boolean) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button, input:not([type=file])')];
  const current = controls.indexOf(document.activeElement as HTMLElement);
  if (current < 0) return;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  let next: number;
  if (event.key === forward) next = (current + 1) % controls.length;
  else if (event.key === backward) next = (current - 1 + controls.length) % controls.length;
  else if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = controls.length - 1;
  else return;
  event.preventDefault();
  controls[next]?.focus();
}

interface EditorToolbarProps {
  editor: Editor;
  /** The id of the editable area the toolbar formats. */
  editorId: string;
  describeImage: DescribeImage;
  onImageProblem: (message: string | null) => void;
}

/** Bold, italic, underline, lists, alignment, text and background color, image and clear formatting. */
export function EditorToolbar({ editor, editorId, describeImage, onImageProblem }: EditorToolbarProps) {
  const { t, i18n } = useTranslation('comments');
  const rtl = i18n.dir() === 'rtl';
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      align: (['start', 'center', 'end'] as const).find((value) => current.isActive({ textAlign: value })),
      color: current.getAttributes('textStyle').color as unknown,
      background: current.getAttributes('textStyle').backgroundColor as unknown,
      image: current.isActive('image'),
    }),
  });

  const toggles: { key: ToolKey; icon: LucideIcon; run: () => boolean }[] = [
    { key: 'bold', icon: Bold, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', icon: Italic, run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'underline', icon: Underline, run: () => editor.chain().focus().toggleUnderline().run() },
    { key: 'bulletList', icon: List, run: () => editor.chain().focus().toggleBulletList().run() },
    { key: 'orderedList', icon: ListOrdered, run: () => editor.chain().focus().toggleOrderedList().run() },
  ];
  const alignments: { value: Alignment; label: 'alignStart' | 'alignCenter' | 'alignEnd'; icon: LucideIcon }[] = [
    { value: 'start', label: 'alignStart', icon: rtl ? AlignRight : AlignLeft },
    { value: 'center', label: 'alignCenter', icon: AlignCenter },
    { value: 'end', label: 'alignEnd', icon: rtl ? AlignLeft : AlignRight },
  ];
  const redescribe = async () => {
    const { src, alt } = editor.getAttributes('image') as { src?: string; alt?: string | null };
    if (!src) return;
    const description = await describeImage({ src, description: alt ?? '', purpose: 'edit' });
    if (description !== null) editor.chain().focus().updateAttributes('image', { alt: description }).run();
  };
  const align = (value: Alignment) =>
    state.align === value
      ? editor.chain().focus().unsetTextAlign().run()
      : editor.chain().focus().setTextAlign(value).run();

  return (
    <div
      role="toolbar"
      aria-label={t('editor.toolbar')}
      aria-controls={editorId}
      onKeyDown={(event) => moveFocus(event, rtl)}
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 p-1.5"
    >
      {toggles.map(({ key, icon, run }) => (
        <ToolbarButton key={key} label={t(`editor.${key}`)} icon={icon} pressed={state[key]} onClick={run} />
      ))}
      <span aria-hidden className="mx-1 h-6 w-px bg-slate-200" />
      {alignments.map(({ value, label, icon }) => (
        <ToolbarButton
          key={value}
          label={t(`editor.${label}`)}
          icon={icon}
          pressed={state.align === value}
          onClick={() => align(value)}
        />
      ))}
      <span aria-hidden className="mx-1 h-6 w-px bg-slate-200" />
      {/* No focus(): moving the focus would close the picker while the reader is still choosing. */}
      <ColorControl
        label={t('editor.textColor')}
        icon={Baseline}
        value={state.color}
        fallback="#000000"
        onPick={(color) => editor.chain().setColor(color).run()}
      />
      <ColorControl
        label={t('editor.backgroundColor')}
        icon={Highlighter}
        value={state.background}
        fallback="#ffff00"
        onPick={(color) => editor.chain().setBackgroundColor(color).run()}
      />
      <ImageButton
        editor={editor}
        className={CONTROL}
        icon={ImagePlus}
        describe={describeImage}
        onProblem={onImageProblem}
      />
      {/* Offered while an image is selected (clicked, or reached with the arrow keys). */}
      {state.image && (
        <ToolbarButton label={t('editor.describeImage')} icon={MessageSquareText} onClick={() => void redescribe()} />
      )}
      <ToolbarButton
        label={t('editor.clean')}
        icon={RemoveFormatting}
        onClick={() => editor.chain().focus().unsetAllMarks().clearNodes().unsetTextAlign().run()}
      />
    </div>
  );
}

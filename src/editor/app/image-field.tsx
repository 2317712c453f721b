// An image field of a page's forms (any object of a schema with `src` and `alt`): rjsf's own
// fields for its path, alt text and size, and above them a place to drop, paste or choose a photo
// (Mantine's dropzone). The server checks the photo by its bytes and stores it
// (src/editor/server/photo-upload.ts); the field then holds its path, width and height, asks for its
// alt text in the page's language, and takes a focal point clicked on the photo (or set with two
// sliders, from the keyboard).
import { Dropzone, type FileRejection } from '@mantine/dropzone'
import {
  type FieldProps,
  type GenericObjectType,
  getTemplate,
  type ObjectFieldTemplateProps,
  type UiSchema,
} from '@rjsf/utils'
import {
  createContext,
  type MouseEvent,
  type ClipboardEvent as ReactClipboardEvent,
  type ReactElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { MAX_PHOTO_BYTES, PHOTO_FILE, type StoredPhoto } from '../server/protocol'
import { api } from './api'

/** What the chooser offers; the server decides by the bytes, whatever the name says. */
const ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`

/** The words of the field, in one place (the editor speaks English, as the rest of its page). */
export const photoTexts = {
  drop: 'Drop a photo here, or paste one: JPEG, PNG, WebP or AVIF, up to 30 MB. It is stored without its location data, at most 4000 pixels on its long side.',
  choose: 'Choose a photo',
  checking: (name: string) => `Checking and storing “${name}”…`,
  stored: (src: string, width: number, height: number, language: string) =>
    `Stored ${src} (${width} × ${height} pixels, without metadata). Now write its alt text in ${language}.`,
  refused: (message: string) => `Not stored: ${message}`,
  tooLarge: (name: string, bytes: number) =>
    `“${name}” is ${megabytes(bytes)}: a photo can be at most 30 MB. Export it smaller from your photo app.`,
  notAPhoto: (name: string) => `“${name}” is not a photo the editor takes: JPEG, PNG, WebP or AVIF only.`,
  oneAtATime: 'Drop one photo at a time.',
  altLabel: (language: string) => `Alt text, in ${language}`,
  altPrompt: (language: string) =>
    `Required for a photo: say in ${language} what it shows, for people who cannot see it.`,
  focusHelp:
    'Focal point: click the photo on what must stay in view when it is cropped (and on the share card), or set it with the sliders.',
  fromLeft: 'Focal point from the left',
  fromTop: 'Focal point from the top',
  percent: (n: number) => `${n} %`,
}

/** The page whose forms these are: where its photos are stored, and its language. */
export const PhotoPage = createContext<{ file: string; language: string }>({ file: '', language: 'English' })

type ImageValue = { src?: string; alt?: string; width?: number; height?: number; focus?: { x: number; y: number } }
type Status = { kind: 'busy' | 'stored' | 'refused'; text: string }
type Editing = {
  id: string
  label: string
  value: ImageValue
  focusable: boolean
  set: (next: ImageValue) => void
  upload: ReturnType<typeof usePhotoUpload>
}
/** The image field being drawn, for its template's parts (rjsf gives a template no onChange). */
const ImageEditing = createContext<Editing | undefined>(undefined)

/** The focal point's own control replaces rjsf's inputs for `focus`. */
const NoField = () => null

export function ImageField(props: FieldProps) {
  const { registry, formData, fieldPathId, onChange, uiSchema, schema, title, name } = props
  const ObjectField = registry.fields.ObjectField
  const { language } = useContext(PhotoPage)
  const value = (formData ?? {}) as ImageValue
  const needsAlt = PHOTO_FILE.test(value.src ?? '') && !value.alt
  const ui = useMemo<UiSchema>(() => {
    const { 'ui:field': _field, ...own } = uiSchema ?? {}
    return {
      ...own,
      'ui:ObjectFieldTemplate': ImageFieldTemplate,
      alt: {
        ...own.alt,
        'ui:title': photoTexts.altLabel(language),
        ...(needsAlt ? { 'ui:help': photoTexts.altPrompt(language) } : {}),
      },
      focus: { 'ui:field': NoField },
    }
  }, [uiSchema, language, needsAlt])
  const latest = useRef({ onChange, path: fieldPathId.path, value })
  latest.current = { onChange, path: fieldPathId.path, value }
  const label = String(uiSchema?.['ui:title'] ?? title ?? schema.title ?? name)
  const upload = usePhotoUpload(fieldPathId.$id, (stored) => {
    // Only the path and the size change (a focal point was the last photo's); the alt text
    // stays for the marketer to check, or is asked for.
    const { focus: _old, ...rest } = latest.current.value
    const next = { ...rest, src: stored.src, alt: rest.alt ?? '', width: stored.width, height: stored.height }
    latest.current.onChange(next as never, latest.current.path)
  })
  const editing = useMemo<Editing>(
    () => ({
      id: fieldPathId.$id,
      label,
      value,
      focusable: Boolean((schema.properties as GenericObjectType | undefined)?.focus),
      set: (next) => latest.current.onChange(next as never, latest.current.path),
      upload,
    }),
    [fieldPathId.$id, label, value, schema, upload],
  )
  return (
    <ImageEditing.Provider value={editing}>
      <ObjectField {...props} uiSchema={ui} />
    </ImageEditing.Provider>
  )
}

/**
 * rjsf's object template (title, description, fields), with the place to drop a photo first and
 * its focal point last (after the alt text, which a stored photo sends the focus to).
 */
function ImageFieldTemplate(props: ObjectFieldTemplateProps) {
  const Template = getTemplate('ObjectFieldTemplate', props.registry)
  const part = (name: string, content: ReactElement) => ({
    name,
    hidden: false,
    readonly: false,
    disabled: false,
    content,
  })
  return (
    <Template
      {...props}
      properties={[
        part('__drop', <DropPart key="__drop" />),
        ...props.properties,
        part('__focal', <FocalPart key="__focal" />),
      ]}
    />
  )
}

/**
 * A photo taken: refused at once when too large, else sent to the server, which checks and
 * stores it; shown from this machine meanwhile; the alt text focused once it is stored.
 */
function usePhotoUpload(id: string, onStored: (photo: StoredPhoto) => void) {
  const page = useContext(PhotoPage)
  const [status, setStatus] = useState<Status>()
  const [local, setLocal] = useState<string>()
  const [focusAlt, setFocusAlt] = useState(false)
  const stored = useRef(onStored)
  stored.current = onStored
  useEffect(() => () => (local ? URL.revokeObjectURL(local) : undefined), [local])
  useEffect(() => {
    if (!focusAlt) return
    setFocusAlt(false)
    document.getElementById(`${id}_alt`)?.focus()
  }, [focusAlt, id])
  const take = useCallback(
    async (file: File) => {
      if (file.size > MAX_PHOTO_BYTES)
        return setStatus({ kind: 'refused', text: photoTexts.refused(photoTexts.tooLarge(file.name, file.size)) })
      setStatus({ kind: 'busy', text: photoTexts.checking(file.name) })
      setLocal(URL.createObjectURL(file))
      try {
        const photo = await api.photo(page.file, file)
        stored.current(photo)
        setStatus({ kind: 'stored', text: photoTexts.stored(photo.src, photo.width, photo.height, page.language) })
        setFocusAlt(true)
      } catch (error) {
        setStatus({ kind: 'refused', text: photoTexts.refused((error as Error).message) })
        setLocal(undefined)
      }
    },
    [page],
  )
  const refuse = useCallback(([rejection, ...others]: FileRejection[]) => {
    const code = rejection?.errors[0]?.code
    const { name, size } = rejection?.file ?? { name: '', size: 0 }
    const text =
      others.length || code === 'too-many-files'
        ? photoTexts.oneAtATime
        : code === 'file-too-large'
          ? photoTexts.tooLarge(name, size)
          : photoTexts.notAPhoto(name)
    setStatus({ kind: 'refused', text: photoTexts.refused(text) })
  }, [])
  return useMemo(() => ({ status, local, take, refuse }), [status, local, take, refuse])
}

/** Where a photo is dropped, pasted or chosen, and what became of the last one. */
function DropPart() {
  const editing = useContext(ImageEditing)
  const openChooser = useRef<() => void>(null)
  if (!editing) return null
  const { id, label, upload } = editing
  const onPaste = (event: ReactClipboardEvent) => {
    const file = event.clipboardData.files[0]
    if (!file) return
    event.preventDefault()
    void upload.take(file)
  }
  return (
    <div className="editor__photo" onPaste={onPaste}>
      <Dropzone
        className="editor__dropzone"
        onDrop={([file]) => void upload.take(file)}
        onReject={upload.refuse}
        accept={ACCEPT}
        maxSize={MAX_PHOTO_BYTES}
        multiple={false}
        openRef={openChooser}
        activateOnClick={false}
        activateOnKeyboard={false}
        role="group"
        aria-labelledby={`${id}__drop`}
        data-testid="photo-drop"
      >
        <p id={`${id}__drop`}>{photoTexts.drop}</p>
        <button type="button" onClick={() => openChooser.current?.()} aria-describedby={`${id}__drop`}>
          {photoTexts.choose}
          <span className="visually-hidden"> ({label})</span>
        </button>
      </Dropzone>
      <p role="status" className={`editor__photo-status editor__photo-status--${upload.status?.kind ?? 'none'}`}>
        {upload.status?.text}
      </p>
    </div>
  )
}

/** The photo (the one just dropped, until stored) with its focal point, when the image has one. */
function FocalPart() {
  const editing = useContext(ImageEditing)
  if (!editing?.focusable) return null
  const { id, value, set, upload } = editing
  const src = upload.local ?? (PHOTO_FILE.test(value.src ?? '') ? value.src : undefined)
  if (!src) return null
  return <FocalPoint id={id} src={src} focus={value.focus} onChange={(focus) => set({ ...value, focus })} />
}

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)))

/** The photo with its focal point: a click on it moves the point; two sliders move it too. */
function FocalPoint({
  id,
  src,
  focus,
  onChange,
}: {
  id: string
  src: string
  focus: ImageValue['focus']
  onChange: (focus: { x: number; y: number }) => void
}) {
  const x = focus?.x ?? 50
  const y = focus?.y ?? 50
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    onChange({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    })
  }
  const slider = (axis: 'x' | 'y', label: string, current: number) => (
    <label className="editor__focal-slider">
      <span>{label}</span>
      <input
        type="range"
        id={`${id}__focus-${axis}`}
        min={0}
        max={100}
        step={1}
        value={current}
        aria-valuetext={photoTexts.percent(current)}
        aria-describedby={`${id}__focus-help`}
        onChange={(event) => onChange({ x, y, [axis]: Number(event.target.value) })}
      />
      <output htmlFor={`${id}__focus-${axis}`}>{photoTexts.percent(current)}</output>
    </label>
  )
  return (
    <div className="editor__focal">
      <p id={`${id}__focus-help`} className="editor__help">
        {photoTexts.focusHelp}
      </p>
      {/* The sliders below do what a click here does, from the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer's shortcut for the sliders */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the sliders are its keyboard equivalent */}
      <div className="editor__focal-photo" onClick={onClick} data-testid="focal-photo">
        {/* The photo's alt text is the field's own: here it is only the surface to click. */}
        <img src={src} alt="" draggable={false} />
        <span className="editor__focal-mark" style={{ left: `${x}%`, top: `${y}%` }} aria-hidden="true" />
      </div>
      {slider('x', photoTexts.fromLeft, x)}
      {slider('y', photoTexts.fromTop, y)}
    </div>
  )
}

// One block's form, and a list of blocks as the editor shows it: the page's blocks, or the blocks
// in one slot of a block (the hero's aside, the columns' columns), each with its own form from
// its own schema, inside the form of the block that holds them. Both lists move their blocks the
// same way: by dragging the handle (dnd-kit, whose keyboard sensor moves them with Space and the
// arrow keys too) or by the Move buttons, and focus what a keyboard action moved.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Problem } from '../../content/problems'
import type { BlockEntry, Json, SlotEntry } from './api'
import { labelOf, problemsUnder, SchemaForm } from './schema-forms'
import { DragHandle } from './sortable-items'

/** A new block of `type`: its schema's first example, as a marketer would start from. */
export const newBlock = (type: string, entry: BlockEntry | undefined): Json => ({
  type,
  ...structuredClone((entry?.schema.examples?.[0] ?? {}) as Json),
})

/**
 * A list of blocks whose ids start with `prefix` (`${prefix}-${i}`, its buttons
 * `${prefix}-${i}-up`…): moved, duplicated and removed, focusing, in the same commit, what the
 * keyboard action moved (the button that had focus is gone by then; at the top or the end, its
 * other Move button), or `addId` when none is left.
 */
export function useBlockList(
  count: number,
  prefix: string,
  addId: string,
  setList: (up: (l: Json[]) => Json[]) => void,
) {
  const focusAfter = useRef<string>(undefined)
  useLayoutEffect(() => {
    if (!focusAfter.current) return
    const target = document.getElementById(focusAfter.current)
    // A block moved to the top (or the end) has that Move button disabled: the other one then.
    const other = focusAfter.current.replace(/-(up|down)$/, (_, way) => (way === 'up' ? '-down' : '-up'))
    ;(target instanceof HTMLButtonElement && target.disabled ? document.getElementById(other) : target)?.focus()
    focusAfter.current = undefined
  })
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`)
  const focus = (id: string) => {
    focusAfter.current = id
  }
  const move = (from: number, to: number, button?: string) => {
    setList((list) => arrayMove(list, from, to))
    if (button) focus(`${prefix}-${to}-${button}`)
  }
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)), 'handle')
  }
  const duplicate = (i: number) => {
    setList((list) => [...list.slice(0, i + 1), structuredClone(list[i]), ...list.slice(i + 1)])
    focus(`${prefix}-${i + 1}-heading`)
  }
  const remove = (i: number) => {
    setList((list) => list.filter((_, j) => j !== i))
    focus(i > 0 ? `${prefix}-${i - 1}-heading` : addId)
  }
  const add = (block: Json) => {
    setList((list) => [...list, block])
    focus(`${prefix}-${count}-heading`)
  }
  return { sensors, ids, move, onDragEnd, duplicate, remove, add, focus, collisionDetection: closestCenter }
}

export function FoldButton({ folded, name, onClick }: { folded: boolean; name: string; onClick: () => void }) {
  return (
    <button type="button" className="editor__fold" aria-expanded={!folded} onClick={onClick}>
      {folded ? 'Unfold' : 'Fold'}
      <span className="visually-hidden"> {name}</span>
    </button>
  )
}

export type BlockFormProps = {
  /** Its sortable id, and the start of its elements' ids ("block-2", "block-0-aside-0"). */
  id: string
  /** Where it is in the page's data, as problems name it ("blocks[2]", "blocks[0].aside[0]"). */
  at: string
  index: number
  count: number
  /** A block in a slot: its heading is an h4, under its holder's h3. */
  nested?: boolean
  folded: boolean
  onFold: () => void
  block: Json
  entryOf: (type: unknown) => BlockEntry | undefined
  problems: Problem[]
  onChange: (data: Json) => void
  onMove: (from: number, to: number, button: string) => void
  /** None: the list is full (a slot at its most blocks). */
  onDuplicate?: () => void
  onRemove: () => void
}

/** A block's schema without its `type` (fixed once the block is added) and its slots (lists of their own). */
function useFormSchema(entry: BlockEntry | undefined) {
  return useMemo(() => {
    if (!entry) return undefined
    const skip = new Set(['type', ...Object.keys(entry.slots ?? {})])
    const properties = Object.fromEntries(Object.entries(entry.schema.properties as Json).filter(([k]) => !skip.has(k)))
    const required = ((entry.schema.required as string[]) ?? []).filter((r) => !skip.has(r))
    return { ...entry.schema, properties, required }
  }, [entry])
}

/** The values of a block's slots (kept as they are when its own fields change). */
const slotsOf = (block: Json, entry: BlockEntry) =>
  Object.fromEntries(Object.keys(entry.slots ?? {}).flatMap((name) => (name in block ? [[name, block[name]]] : [])))

export function BlockForm(props: BlockFormProps) {
  const { id, at, index, folded, block, entryOf, problems, onChange } = props
  const { type, ...data } = block
  const entry = entryOf(type)
  const sortable = useSortable({ id })
  const { setNodeRef, transform, transition, isDragging } = sortable
  const schema = useFormSchema(entry)
  const own = useMemo(() => problemsUnder(problems, at), [problems, at])
  const title = entry?.schema.title ?? String(type)
  const name = props.nested
    ? `${title} (${labelOf(at.replace(/.*\.(\w+)\[\d+\]$/, '$1'))} ${index + 1})`
    : `${title} (block ${index + 1})`
  const Heading = props.nested ? 'h4' : 'h3'
  return (
    <section
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-labelledby={`${id}-heading`}
      className={isDragging ? 'editor__block editor__block--dragging' : 'editor__block'}
      id={`${id}-section`}
    >
      <div className="editor__block-head">
        <DragHandle id={`${id}-handle`} label={name} kind="block" sortable={sortable} />
        <Heading id={`${id}-heading`} tabIndex={-1}>
          {index + 1}. {title}
        </Heading>
        <FoldButton folded={folded} name={name} onClick={props.onFold} />
      </div>
      <BlockActions {...props} name={name} />
      {folded ? null : schema && entry ? (
        <>
          <SchemaForm
            idPrefix={id}
            schema={schema}
            data={data}
            problems={own}
            onChange={(edited) => onChange({ type, ...edited, ...slotsOf(block, entry) })}
          />
          {Object.entries(entry.slots ?? {}).map(([slot, spec]) => (
            <SlotList key={slot} {...props} name={slot} spec={spec} list={(block[slot] as Json[] | undefined) ?? []} />
          ))}
        </>
      ) : (
        <p>Unknown block type “{String(type)}”: choose a type from the catalogue, or remove this block.</p>
      )}
    </section>
  )
}

function BlockActions({ id, index, count, name, onMove, onDuplicate, onRemove }: BlockFormProps & { name: string }) {
  const hidden = (text: string): ReactNode => (
    <>
      {text}
      <span className="visually-hidden"> {name}</span>
    </>
  )
  return (
    <div className="editor__block-actions">
      <button id={`${id}-up`} type="button" disabled={index === 0} onClick={() => onMove(index, index - 1, 'up')}>
        {hidden('Move up')}
      </button>
      <button
        id={`${id}-down`}
        type="button"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1, 'down')}
      >
        {hidden('Move down')}
      </button>
      <button type="button" disabled={!onDuplicate} onClick={onDuplicate}>
        {hidden('Duplicate')}
      </button>
      <button type="button" onClick={onRemove}>
        {hidden('Remove')}
      </button>
    </div>
  )
}

/** The blocks in one slot of `block`, in its form: each with its own form, moved, added and removed. */
function SlotList({
  id,
  at,
  block,
  entryOf,
  problems,
  onChange,
  name,
  spec,
  list,
}: BlockFormProps & { name: string; spec: SlotEntry; list: Json[] }) {
  const prefix = `${id}-${name}`
  const addId = `${prefix}-add-type`
  // A slot left empty is left out of the YAML, as it is written when the block has none.
  const setList = (update: (l: Json[]) => Json[]) => {
    const { [name]: _old, ...rest } = block
    const next = update(list)
    onChange(next.length ? { ...rest, [name]: next } : rest)
  }
  const blocks = useBlockList(list.length, prefix, addId, setList)
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set())
  const full = spec.max !== undefined && list.length >= spec.max
  const label = labelOf(name)
  return (
    <fieldset className="editor__slot" id={prefix}>
      <legend>
        {label}: blocks inside this block{spec.max ? ` (at most ${spec.max})` : ''}
      </legend>
      <p className="editor__help">{spec.description}</p>
      <DndContext sensors={blocks.sensors} collisionDetection={blocks.collisionDetection} onDragEnd={blocks.onDragEnd}>
        <SortableContext items={blocks.ids} strategy={verticalListSortingStrategy}>
          {list.map((inner, i) => (
            <BlockForm
              key={`${i}-${String(inner.type)}`}
              id={blocks.ids[i]}
              at={`${at}.${name}[${i}]`}
              index={i}
              count={list.length}
              nested
              folded={folded.has(i)}
              onFold={() => setFolded((all) => new Set(all.has(i) ? [...all].filter((f) => f !== i) : [...all, i]))}
              block={inner}
              entryOf={entryOf}
              problems={problems}
              onChange={(data) => setList((l) => l.map((b, j) => (j === i ? data : b)))}
              onMove={blocks.move}
              onDuplicate={full ? undefined : () => blocks.duplicate(i)}
              onRemove={() => blocks.remove(i)}
            />
          ))}
        </SortableContext>
      </DndContext>
      <AddToSlot id={addId} label={label} spec={spec} full={full} entryOf={entryOf} onAdd={blocks.add} />
    </fieldset>
  )
}

function AddToSlot(props: {
  id: string
  label: string
  spec: SlotEntry
  full: boolean
  entryOf: (type: unknown) => BlockEntry | undefined
  onAdd: (block: Json) => void
}) {
  const { id, label, spec, full, entryOf, onAdd } = props
  const [adding, setAdding] = useState('')
  return (
    <div className="editor__slot-add">
      <label htmlFor={id}>Block type to add to {label}</label>
      <select id={id} value={adding} onChange={(e) => setAdding(e.target.value)}>
        <option value="">Choose a type</option>
        {spec.types.map((type) => (
          <option key={type} value={type}>
            {entryOf(type)?.schema.title ?? type}
          </option>
        ))}
      </select>
      <button type="button" disabled={!adding || full} onClick={() => onAdd(newBlock(adding, entryOf(adding)))}>
        Add to {label}
      </button>
      {full ? <p className="editor__help">{label} is full: remove its block to put another one in.</p> : null}
    </div>
  )
}

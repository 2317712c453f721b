// A list field's items, reordered by dragging their handle (dnd-kit, whose keyboard sensor moves
// them with Space and the arrow keys too); rjsf's Move item buttons stay. rjsf has no "move from
// here to there" for a list, so the form's own data is reordered (`reorder` in the form context).
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { type ArrayFieldTemplateProps, buttonId, type FieldPathList, getTemplate, getUiOptions } from '@rjsf/utils'
import type { ReactElement } from 'react'
import { itemLabelOf } from './editor-theme'

/** What the editor's forms hand their templates. */
export type EditorFormContext = { reorder: (path: FieldPathList, from: number, to: number) => void }

export function SortableArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, fieldPathId, uiSchema, items, onAddClick, readonly, registry, required } = props
  const { schema, title } = props
  const uiOptions = getUiOptions(uiSchema)
  const Title = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions)
  const Description = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions)
  const { AddButton } = registry.templates.ButtonTemplates
  const context = registry.formContext as EditorFormContext
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = items.map((_, i) => `${fieldPathId.$id}-item-${i}`)
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    context.reorder(fieldPathId.path, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
  }
  const label = uiOptions.title || title
  const itemLabel = itemLabelOf(label || 'Item')
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <Title
        fieldPathId={fieldPathId}
        title={label}
        required={required}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <Description
        fieldPathId={fieldPathId}
        description={uiOptions.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <div className="row array-item-list">
            {items.map((item, i) => (
              <SortableItem key={item.key ?? ids[i]} id={ids[i]} name={itemLabel(i)} disabled={disabled || readonly}>
                {item}
              </SortableItem>
            ))}
          </div>
        </SortableContext>
      </DndContext>
      {canAdd ? (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
    </fieldset>
  )
}

function SortableItem({
  id,
  name,
  disabled,
  children,
}: {
  id: string
  name: string
  disabled?: boolean
  children: ReactElement
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  })
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? 'editor__item editor__item--dragging' : 'editor__item'}
    >
      <DragHandle
        id={`${id}-handle`}
        label={name}
        kind="item"
        sortable={{ attributes, listeners, setActivatorNodeRef }}
      />
      <div className="editor__item-body">{children}</div>
    </div>
  )
}

type Sortable = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>

/** The handle a block or a list's item is dragged by: by pointer, or by keyboard (space, arrows, space). */
export function DragHandle({
  id,
  label,
  kind,
  sortable,
}: {
  id: string
  label: string
  kind: string
  sortable: Sortable
}) {
  return (
    <button
      id={id}
      type="button"
      className="editor__handle"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-roledescription={`sortable ${kind}`}
    >
      <span aria-hidden="true">⠿</span>
      <span className="visually-hidden">Drag to reorder {label}</span>
    </button>
  )
}

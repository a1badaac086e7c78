import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DndContextProps,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useState, type ReactNode } from 'react';
import { FlashMessage } from '../../../components/flash-message';
import { PipelineStatus } from './pipeline-status';

interface PipelineDndProps extends Omit<
  DndContextProps,
  'sensors' | 'children' | 'onDragStart' | 'onDragCancel'
> {
  what: 'board' | 'calendar';
  items: { isPending: boolean; isError: boolean };
  /** A move that failed, for a few seconds (useFlashMessage). */
  flash: string | null;
  /** How the arrow keys move a picked-up item in this view (decision 220). */
  coordinateGetter: KeyboardCoordinateGetter;
  /** The item being dragged (its id), drawn under the pointer. */
  overlay: (id: number) => ReactNode;
  /** The view, or a function of the item being dragged that gives it. */
  children: ReactNode | ((activeId: number | null) => ReactNode);
}

/**
 * What the board and the calendar share below their header: the message of a move that failed,
 * then the view's place while its items load (or after they failed to), or the view inside its
 * drag and drop — a pointer drags after 4 px, the keyboard picks up and moves with the view's
 * own coordinates, and the item being moved follows in an overlay. It knows which item is being
 * moved; a drop reaches `onDragEnd` once that item is put down.
 */
export function PipelineDnd({
  what,
  items,
  flash,
  coordinateGetter,
  overlay,
  children,
  onDragEnd,
  ...context
}: PipelineDndProps) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  return (
    <>
      <FlashMessage message={flash} className="mb-4" />
      {items.isPending || items.isError ? (
        <PipelineStatus what={what} failed={items.isError} />
      ) : (
        <DndContext
          sensors={sensors}
          onDragStart={(event) => setActiveId(Number(event.active.id))}
          onDragEnd={(event) => {
            setActiveId(null);
            onDragEnd?.(event);
          }}
          onDragCancel={() => setActiveId(null)}
          {...context}
        >
          {typeof children === 'function' ? children(activeId) : children}
          <DragOverlay>{activeId === null ? null : overlay(activeId)}</DragOverlay>
        </DndContext>
      )}
    </>
  );
}

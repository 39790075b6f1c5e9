import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useT } from '../../../i18n/index.tsx';
import type { InfoPage } from './draft.ts';

// The info pages in a list sorted by drag and drop, with the mouse, a finger or the keyboard (space picks
// a row up, the arrows move it), each move announced to screen readers.

export function SortableList({ items, onChange }: { items: InfoPage[]; onChange: (items: InfoPage[]) => void }) {
  const { t } = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const aspectOf = (id: unknown) => items.find((p) => p.iid === Number(id))?.aspect ?? '';
  const position = (id: unknown) => items.findIndex((p) => p.iid === Number(id)) + 1;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onChange(
      arrayMove(
        items,
        items.findIndex((p) => p.iid === Number(active.id)),
        items.findIndex((p) => p.iid === Number(over.id)),
      ),
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('consoleInfo.sortHint') },
        announcements: {
          onDragStart: ({ active }) => t('consoleInfo.picked', { aspect: aspectOf(active.id) }),
          onDragOver: ({ active, over }) => (over ? t('consoleInfo.movedTo', { aspect: aspectOf(active.id), n: position(over.id) }) : undefined),
          onDragEnd: ({ active, over }) => (over ? t('consoleInfo.droppedAt', { aspect: aspectOf(active.id), n: position(over.id) }) : undefined),
          onDragCancel: ({ active }) => t('consoleInfo.dragCancelled', { aspect: aspectOf(active.id) }),
        },
      }}
    >
      <SortableContext items={items.map((p) => p.iid)} strategy={verticalListSortingStrategy}>
        <List aria-label={t('consoleInfo.tabs')} sx={{ py: 0 }}>
          {items.map((p, i) => (
            <SortableRow key={p.iid} page={p} index={i} />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ page, index }: { page: InfoPage; index: number }) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: page.iid });
  return (
    <ListItem
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('consoleInfo.dragHandle', { aspect: page.aspect })}
      data-iid={page.iid}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        mb: 1,
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        boxShadow: isDragging ? 3 : 0,
        cursor: isDragging ? 'grabbing' : 'grab',
        touchAction: 'none',
        userSelect: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <DragIndicatorIcon />
      </ListItemIcon>
      <ListItemText primary={page.aspect} secondary={`#${index + 1}`} />
    </ListItem>
  );
}

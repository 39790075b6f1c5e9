import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n/index.tsx';

// A list sorted by drag and drop, with the mouse, a finger or the keyboard (Space picks an entry up, the
// arrows move it, Space drops it, Escape puts it back), each move announced to screen readers in the
// reader's language. Every ordered list of the console sorts through it (sort-dialog.tsx).

export type SortItem = { readonly id: number; readonly name: string };

export function SortableList({ items, label, onChange }: { items: readonly SortItem[]; label: string; onChange: (items: SortItem[]) => void }) {
  const { t } = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: unknown) => items.find((p) => p.id === Number(id))?.name ?? '';
  const position = (id: unknown) => items.findIndex((p) => p.id === Number(id)) + 1;

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onChange(
      arrayMove(
        [...items],
        items.findIndex((p) => p.id === Number(active.id)),
        items.findIndex((p) => p.id === Number(over.id)),
      ),
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('consoleWork.sort.hint') },
        announcements: {
          onDragStart: ({ active }) => t('consoleWork.sort.picked', { name: nameOf(active.id) }),
          onDragOver: ({ active, over }) => (over ? t('consoleWork.sort.movedTo', { name: nameOf(active.id), n: position(over.id) }) : undefined),
          onDragEnd: ({ active, over }) => (over ? t('consoleWork.sort.droppedAt', { name: nameOf(active.id), n: position(over.id) }) : undefined),
          onDragCancel: ({ active }) => t('consoleWork.sort.cancelled', { name: nameOf(active.id) }),
        },
      }}
    >
      <SortableContext items={items.map((p) => p.id)} strategy={verticalListSortingStrategy}>
        <List aria-label={label} sx={{ py: 0 }}>
          {items.map((p, i) => (
            <SortableRow key={p.id} item={p} index={i} />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ item, index }: { item: SortItem; index: number }) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  // the list item stays a list item (a list holds nothing else); the button that picks it up is inside it, its
  // name ("drag to move X") holding all it shows (X: axe's label-content-name-mismatch), the place beside it
  return (
    <ListItem
      ref={setNodeRef}
      data-id={item.id}
      disablePadding
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
      }}
    >
      <Box
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('consoleWork.sort.handle', { name: item.name })}
        sx={{
          display: 'flex',
          alignItems: 'center',
          flex: 1,
          minWidth: 0,
          px: 2,
          py: 1,
          borderRadius: 1,
          cursor: isDragging ? 'grabbing' : 'grab',
          touchAction: 'none',
          userSelect: 'none',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <DragIndicatorIcon />
        </ListItemIcon>
        <ListItemText primary={item.name} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        #{index + 1}
      </Typography>
    </ListItem>
  );
}

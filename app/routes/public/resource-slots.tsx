import type { ComponentType } from 'react';
import type { PublicCardData } from '../../../common/resource.ts';

// A declared public resource's own components: where its card on the list page or its record
// page needs more than the generic ones draw (the title, the meta line, the text), name the component here
// under the resource's name. This is the "at most one component" of docs/adding-a-resource.md.

export type CardSlot = ComponentType<{ card: PublicCardData }>;
export type PageSlot = ComponentType<{ card: PublicCardData }>;

/** A resource's own card on its list page, by the resource's name. */
export const cardSlots: Readonly<Record<string, CardSlot>> = {};
/** A resource's own body of its record page, by the resource's name. */
export const pageSlots: Readonly<Record<string, PageSlot>> = {};

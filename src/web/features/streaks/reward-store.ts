import { useSyncExternalStore } from 'react';
import type { RewardType } from '../../../shared/domain/trials';

/** Which reward modal is open: shared by the claim cards (open it) and the dashboard modals (render it). */
let current: RewardType | null = null;
const listeners = new Set<() => void>();

export function openRewardModal(type: RewardType | null): void {
  current = type;
  listeners.forEach((l) => l());
}

export function useRewardModal(): RewardType | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

/** A small JSON list kept in local storage (acknowledged shields, rewards already offered). */
export function readList(key: string): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
export function addToList(key: string, items: readonly string[]): void {
  try {
    const set = new Set([...readList(key), ...items]);
    localStorage.setItem(key, JSON.stringify([...set].slice(-100)));
  } catch {
    // Not stored: the modal may show once more.
  }
}

export const storageKeys = {
  shieldsSeen: (userId: string) => `big7_shields_seen_${userId}`,
  rewardsOffered: (userId: string) => `big7_rewards_offered_${userId}`,
  /** Session storage: the recovery prompt opens once per session. */
  recoveryPrompted: 'big7_recovery_prompted',
};

// GET /vocabulary: Harper's shared words (stages, lines of coverage, carriers, industries), the
// same data the services read, so the forms offer exactly the names Harper writes.
import { useEffect, useState } from 'react';
import type { components } from '../types/api.gen';

export type Vocabulary = components['schemas']['Vocabulary'];

export type VocabularyState =
  | { status: 'loading' }
  | { status: 'ready'; vocabulary: Vocabulary }
  | { status: 'failed'; message: string };

let loading: Promise<Vocabulary> | null = null;

/** The vocabulary, asked once per page (a failed ask is tried again next time). */
export function loadVocabulary(): Promise<Vocabulary> {
  loading ??= fetch('/vocabulary').then(async (response) => {
    if (!response.ok) throw new Error(`Harper answered ${response.status} for /vocabulary`);
    return (await response.json()) as Vocabulary;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Forget the loaded vocabulary (tests start each from a fresh page). */
export function forgetVocabulary(): void {
  loading = null;
}

/** The vocabulary for a component: loading, ready, or failed with why. */
export function useVocabulary(): VocabularyState {
  const [state, setState] = useState<VocabularyState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadVocabulary().then(
      (vocabulary) => live && setState({ status: 'ready', vocabulary }),
      (error: unknown) => live && setState({ status: 'failed', message: String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

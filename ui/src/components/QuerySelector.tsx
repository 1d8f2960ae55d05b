import { useState } from 'react';
import { SAMPLE_CATEGORIES, type SampleCategory } from '../data/sampleQueries';

interface Props {
  disabled: boolean;
  onPick: (query: string) => void;
  categories?: SampleCategory[];
}

/** Sample queries by category; picking one asks it. */
export function QuerySelector({ disabled, onPick, categories = SAMPLE_CATEGORIES }: Props) {
  const [open, setOpen] = useState<string>(categories[0]?.id ?? '');
  return (
    <nav className="query-selector" aria-label="Sample queries">
      <h2 className="panel-title">Sample queries</h2>
      {categories.map((category) => (
        <section key={category.id} className={`category${open === category.id ? ' open' : ''}`}>
          <button
            type="button"
            className="category-title"
            aria-expanded={open === category.id}
            onClick={() => setOpen(open === category.id ? '' : category.id)}
          >
            <span>{category.title}</span>
            <small>{category.description}</small>
          </button>
          {open === category.id && (
            <ul>
              {category.queries.map((query) => (
                <li key={query}>
                  <button type="button" className="sample" disabled={disabled} onClick={() => onPick(query)}>
                    {query}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </nav>
  );
}

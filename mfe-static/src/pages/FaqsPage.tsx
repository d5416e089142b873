import { Loader, PageHeader } from '@skynet/kit';
import { type FormEvent, useId, useRef, useState } from 'react';
import styles from '../components/Faqs.module.css';
import { FAQ_EMPTY_TEXT, useFaqs } from '../hooks/useFaqs';

/** `/faqs`: search the questions, read the answers in an accordion (the first one open). */
export default function FaqsPage() {
  const { faqs, error, searched, generation, search, clear } = useFaqs();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!search(query)) input.current?.focus();
  };
  const onClear = () => {
    setQuery('');
    clear();
    input.current?.focus();
  };

  return (
    <>
      <PageHeader title="FAQs" />
      <div className={styles.page}>
        <h2 className={styles.heading}>What can we help you with?</h2>
        <search>
          <form className={styles.search} onSubmit={onSubmit}>
            <label htmlFor={inputId} className={styles.visuallyHidden}>
              Search the FAQs
            </label>
            <input
              ref={input}
              id={inputId}
              className={styles.input}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search the FAQs"
              autoComplete="off"
            />
            <button type="submit" className={styles.searchButton}>
              Search
            </button>
            {searched && (
              <button type="button" className={styles.clearButton} onClick={onClear}>
                Clear
              </button>
            )}
          </form>
        </search>

        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {faqs === null ? (
          <Loader label="Loading the FAQs" />
        ) : faqs.length === 0 ? (
          !error && <p className={styles.empty}>{FAQ_EMPTY_TEXT}</p>
        ) : (
          <div className={styles.accordion}>
            {faqs.map((faq, index) => (
              <details key={`${generation}-${faq._id}`} className={styles.item} open={index === 0}>
                <summary className={styles.question}>{faq.question}</summary>
                <p className={styles.answer}>{faq.answer}</p>
              </details>
            ))}
          </div>
        )}
      </div>
    </>
  );
}

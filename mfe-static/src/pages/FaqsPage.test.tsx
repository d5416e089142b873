import type { Faq } from '@skynet/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { FAQ_EMPTY_TEXT } from '../hooks/useFaqs';
import FaqsPage from './FaqsPage';

const list = jest.fn<Promise<Faq[]>, []>();
const search = jest.fn<Promise<Faq[]>, [string]>();

jest.mock('@skynet/kit', () => ({
  ...jest.requireActual('@skynet/kit'),
  faqApi: { list: () => list(), search: (query: string) => search(query) },
}));

const ALL: Faq[] = [
  { _id: 'f1', question: 'What is Skynet?', answer: 'An interplanetary social network.' },
  { _id: 'f2', question: 'How do I change my planet?', answer: 'Your home planet is chosen at sign-up.' },
  { _id: 'f3', question: 'Is phone support available?', answer: 'In Canada only.' },
];

function renderPage() {
  render(
    <MemoryRouter>
      <FaqsPage />
    </MemoryRouter>,
  );
}

const questions = () => screen.getAllByRole('group').map((item) => within(item).getByText(/\?$/).textContent);

beforeEach(() => {
  list.mockReset().mockResolvedValue(ALL);
  search.mockReset();
});

describe('FaqsPage', () => {
  it('shows the heading, a search box and every FAQ with the first one open', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'What can we help you with?' })).toBeInTheDocument();
    expect(document.title).toMatch(/^FAQs/);
    expect(await screen.findByText('What is Skynet?')).toBeInTheDocument();
    const items = screen.getAllByRole('group');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveAttribute('open');
    expect(items[1]).not.toHaveAttribute('open');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('does not send an empty search', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('What is Skynet?');
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQs' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });

  it('searches, then Clear resets the text, hides itself and reloads every FAQ', async () => {
    const user = userEvent.setup();
    search.mockResolvedValue([ALL[2] as Faq]);
    renderPage();
    await screen.findByText('What is Skynet?');
    const box = screen.getByRole('searchbox', { name: 'Search the FAQs' });
    await user.type(box, ' phone {Enter}');
    expect(search).toHaveBeenCalledWith('phone');
    expect(await screen.findByText('Is phone support available?')).toBeInTheDocument();
    expect(questions()).toEqual(['Is phone support available?']);
    expect(screen.getAllByRole('group')[0]).toHaveAttribute('open');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(await screen.findByText('What is Skynet?')).toBeInTheDocument();
    expect(questions()).toHaveLength(3);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it("shows the spec's text when nothing matches", async () => {
    const user = userEvent.setup();
    search.mockResolvedValue([]);
    renderPage();
    await screen.findByText('What is Skynet?');
    await user.type(screen.getByRole('searchbox'), 'warp drive');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText(
        "Your search didn't match to any result. Try rewording your search. It may also be possible that we don't have what you are looking for yet",
      ),
    ).toBeInTheDocument();
    expect(FAQ_EMPTY_TEXT).toMatch(/yet$/);
  });

  it("shows the server's error as an alert", async () => {
    const user = userEvent.setup();
    search.mockRejectedValue({
      isAxiosError: true,
      response: { status: 400, data: { error: 'Query too long.' } },
    });
    renderPage();
    await screen.findByText('What is Skynet?');
    await user.type(screen.getByRole('searchbox'), 'x');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Query too long.');
  });
});

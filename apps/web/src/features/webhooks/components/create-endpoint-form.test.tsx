import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, cachedDataText, createTestQueryClient, jsonBody, mockFetch } from '../../../testing/render';
import { CreateEndpointForm } from './create-endpoint-form';
import { webhookEndpoint } from '../../../testing/fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LWZvci10ZXN0cy0xMjM0NQ==';
const endpoint = webhookEndpoint({ description: 'Orders' });

function setup() {
  const calls = mockFetch({
    'GET /api/console/webhooks/event-types': {
      body: {
        eventTypes: [
          { name: 'collections.create.succeeded', description: 'A collection contract was deployed.' },
          { name: 'nfts.create.succeeded', description: 'An NFT was minted on chain.' },
        ],
      },
    },
    'POST /api/console/projects/p1/webhooks': { status: 201, body: { endpoint, secret: SECRET } },
    'GET /api/console/projects/p1/webhooks': { body: { endpoints: [endpoint] } },
  });
  const queryClient = createTestQueryClient();
  const onDone = vi.fn();
  render(
    <TestProviders queryClient={queryClient}>
      <CreateEndpointForm projectId="p1" onDone={onDone} onCancel={vi.fn()} />
    </TestProviders>,
  );
  return { calls, queryClient, onDone };
}

describe('CreateEndpointForm', () => {
  it("requires a URL and at least one event before calling the server, with the server's messages (issue 10: one schema for the form and the API)", async () => {
    const { calls } = setup();
    await screen.findByLabelText('nfts.create.succeeded');
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByText('URL cannot be empty')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one event type')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'hooks.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByText('Enter a URL that starts with https://')).toBeInTheDocument();
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('creates the endpoint and shows its secret with a copy button, outside every cache', async () => {
    const { calls, queryClient, onDone } = setup();
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: ' https://hooks.example.com/in ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: ' Orders ' } });
    fireEvent.click(await screen.findByLabelText('nfts.create.succeeded'));
    expect(screen.getByLabelText('nfts.create.succeeded')).toHaveAccessibleDescription('An NFT was minted on chain.');
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));

    expect(await screen.findByRole('heading', { name: 'Endpoint created' })).toBeInTheDocument();
    expect(screen.getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(screen.getByRole('button', { name: 'Copy signing secret' })).toBeInTheDocument();
    const post = calls.find((call) => call.key === 'POST /api/console/projects/p1/webhooks');
    expect(jsonBody(post?.init)).toEqual({ url: 'https://hooks.example.com/in', description: 'Orders', eventTypes: ['nfts.create.succeeded'] });

    expect(cachedDataText(queryClient)).not.toContain(SECRET);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(SECRET);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal of a URL", async () => {
    mockFetch({
      'GET /api/console/webhooks/event-types': { body: { eventTypes: [{ name: 'nfts.create.succeeded', description: 'Minted.' }] } },
      'POST /api/console/projects/p1/webhooks': {
        status: 400,
        body: {
          status_code: 400,
          request_id: 'r',
          error_type: 'webhook_url_not_allowed',
          error_message: 'url must not point at a private, loopback, link-local or reserved address',
          error_url: '',
        },
      },
    });
    render(
      <TestProviders>
        <CreateEndpointForm projectId="p1" onDone={vi.fn()} onCancel={vi.fn()} />
      </TestProviders>,
    );
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'https://10.0.0.1/' } });
    fireEvent.click(await screen.findByLabelText('nfts.create.succeeded'));
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    // On the URL field, without the [400] prefix, and the field is marked invalid.
    expect(await screen.findByText('url must not point at a private, loopback, link-local or reserved address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Endpoint URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Endpoint URL/)).toHaveAccessibleDescription(expect.stringContaining('url must not point at a private'));
    expect(screen.queryByText(/\[400\]/)).not.toBeInTheDocument();
  });

  it('refuses a plain-http URL off this machine before the server does, and shows it while no event is ticked', async () => {
    const { calls } = setup();
    await screen.findByLabelText('nfts.create.succeeded');
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'http://hooks.example.com/in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByText('url must use https://')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one event type')).toBeInTheDocument();
    expect(screen.getByLabelText(/Endpoint URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

    // http on localhost is the server's call (dev mode): the form lets it through.
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'http://localhost:3199/hook' } });
    fireEvent.click(screen.getByLabelText('nfts.create.succeeded'));
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByRole('heading', { name: 'Endpoint created' })).toBeInTheDocument();
  });
});

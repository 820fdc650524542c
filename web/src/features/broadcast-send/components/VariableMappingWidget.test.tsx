import { screen, within } from '@testing-library/react';
import type { TemplateVariable } from '@parley/contracts/broadcasts';
import { renderWithRouter } from '../../../test/render-app';
import { VariableMappingWidget } from './VariableMappingWidget';

const urlVariable = (label: string): TemplateVariable => ({
  variable: 'button1',
  type: 'url',
  label,
  parameters: [{ name: '1', type: 'URL' }],
  isRequired: true,
  example: 'demo',
});

function renderWidget(variables: TemplateVariable[]) {
  return renderWithRouter(
    <VariableMappingWidget variables={variables} mappings={{}} columns={[]} errors={{}} onChange={() => undefined} />,
  );
}

describe('VariableMappingWidget', () => {
  it("says where the customer lands on a URL button that is the console's click-tracking link", () => {
    renderWidget([urlVariable('Button 2 URL https://console.example.com/c/{{1}}')]);
    const row = screen.getByRole('group', { name: 'Button 2 URL https://console.example.com/c/{{1}}' });
    expect(within(row).getByText(/A click-tracked link/)).toHaveTextContent(
      "in a campaign the customer opens this console's short link, which counts the click and sends them on to the address mapped here",
    );
  });

  it('says nothing of tracking on an ordinary URL button', () => {
    renderWidget([urlVariable('Button 1 URL https://shop.example.com/orders/{{1}}')]);
    expect(screen.getByRole('group', { name: /^Button 1 URL/ })).toBeInTheDocument();
    expect(screen.queryByText(/click-tracked/)).not.toBeInTheDocument();
  });
});

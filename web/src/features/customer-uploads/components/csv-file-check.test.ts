import { customerLimits, customerMessages } from '@parley/contracts/customer-master';
import { csvFileProblem, fileTooLargeMessage, formatFileSize } from './csv-file-check';

describe('csvFileProblem', () => {
  it('lets a .csv go whatever type the browser gives it', () => {
    for (const type of ['text/csv', '', 'application/vnd.ms-excel', 'text/plain'])
      expect(csvFileProblem({ name: 'Customers.CSV', type, size: 10 })).toBeNull();
  });

  it("refuses other files with 'Invalid File Format !'", () => {
    expect(csvFileProblem({ name: 'customers.xlsx', type: 'application/vnd.ms-excel', size: 10 })).toBe(
      customerMessages.csvOnly,
    );
    expect(csvFileProblem({ name: 'customers.csv', type: 'image/png', size: 10 })).toBe(customerMessages.csvOnly);
    expect(csvFileProblem({ name: 'customers', type: 'text/csv', size: 10 })).toBe(customerMessages.csvOnly);
  });

  it('refuses a file larger than the server takes', () => {
    expect(csvFileProblem({ name: 'big.csv', type: 'text/csv', size: customerLimits.uploadMaxBytes + 1 })).toBe(
      fileTooLargeMessage,
    );
    expect(fileTooLargeMessage).toBe('The file is larger than 512 MB');
  });

  it('writes sizes for people', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 100_000)).toBe('5.1 MB');
  });
});

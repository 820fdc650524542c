import './transaction.css';
import { renderPaymentPage } from './payment-page';
import { readPaymentParams } from './payment-result';

const root = document.getElementById('payment-result');
if (root) renderPaymentPage(root, readPaymentParams(window.location.search));

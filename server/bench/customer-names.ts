/**
 * Word lists for the bench's customers: given names and family names as an Indian business would
 * hold them (several languages and regions, a few from abroad). Every name in a list is distinct;
 * the bench counts how many seeded customers its search terms match.
 */
const words = (text: string) => text.trim().split(/\s+/);

export const GIVEN_NAMES = words(`
  Aarav Aditi Aditya Akash Amit Amrita Ananya Anil Anjali Ankit Anusha Arjun Arun Asha Ashok Ayesha
  Bhavna Chetan Deepa Deepak Devika Dhruv Divya Farhan Gaurav Geeta Gopal Harish Harpreet Isha Ishaan
  Jaya Jyoti Kabir Kavya Karan Kiran Krishna Lakshmi Madhu Mahesh Manish Meena Meera Mohan Mohit
  Nandini Naveen Neha Nikhil Nisha Omkar Pallavi Pooja Pradeep Pranav Prakash Priya Rahul Rajesh
  Rakesh Ramesh Ravi Rekha Riya Rohan Rohit Sachin Sagar Sahil Sandeep Sanjay Sarita Shreya Siddharth
  Sneha Sonal Suresh Swati Tanvi Tarun Uma Varun Vikram Vinay Vishal Yash Zara Imran Salma Fatima
  Yusuf Joseph Mary Thomas Anita Gurpreet Manpreet Simran Jaspreet Lalitha Murali Senthil Karthik
  Lavanya Srinivas Venkat Padma Sudha Bala Sourav Debashis Moumita Tanushree Arindam Ritwik Parth
  Hetal Jignesh Komal Emma Liam Sofia Lucas Hana Omar Elena Daniel Grace Samuel
`);

export const FAMILY_NAMES = words(`
  Sharma Verma Gupta Patel Shah Mehta Joshi Kulkarni Deshpande Patil Pawar Jadhav Shinde Gaikwad
  Chavan Bhosale Kadam Sawant Naik Gokhale Apte Bapat Ranade Agarkar Karve Tilak Iyer Iyengar Menon
  Nair Pillai Kurup Panicker Warrier Namboodiri Reddy Rao Naidu Chowdary Varma Raju Krishnan
  Subramanian Venkatesan Ramanathan Sundaram Chandran Murugan Pandian Selvam Banerjee Chatterjee
  Mukherjee Bhattacharya Ganguly Bose Dutta Ghosh Sen Mitra Roy Das Sarkar Majumdar Chakraborty Lahiri
  Biswas Mondal Haldar Pal Singh Kaur Gill Sandhu Sidhu Dhillon Grewal Bajwa Brar Cheema Malhotra
  Kapoor Khanna Chopra Arora Bhatia Sethi Anand Tandon Ahuja Khan Qureshi Siddiqui Ansari Sheikh Mirza
  Hussain Rizvi Farooqui Pathan Fernandes Dsouza Pereira Rodrigues Almeida Gomes Lobo Mascarenhas
  Noronha Pinto Desai Trivedi Pandya Vyas Bhatt Dave Parikh Thakkar Modi Amin Mishra Tiwari Dubey
  Pandey Tripathi Shukla Upadhyay Chaturvedi Dwivedi Awasthi Yadav Thakur Rathore Chauhan Solanki
  Parmar Rajput Shekhawat Bhati Jhala Hegde Shetty Kamath Pai Prabhu Bhandary Acharya Kini Baliga
  Mallya Goswami Bora Baruah Kalita Hazarika Saikia Gogoi Phukan Deka Medhi Mohanty Patnaik Mahapatra
  Sahoo Swain Behera Jena Panda Rout Nayak Agarwal Jain Bansal Goyal Mittal Singhal Jindal Garg Goenka
  Birla Saxena Srivastava Mathur Nigam Bhatnagar Kulshrestha Asthana Sinha Prasad Jha Thomas Mathew
  Varghese Kurian Chacko Abraham Cherian Philip Oommen Eapen Smith Garcia Muller Rossi Silva Tanaka
  Kim Nguyen Ivanova Okafor Dhawan Sehgal Bedi Luthra Oberoi Wadhwa Chadha Kohli Mehra Suri Bhagat
  Lokhande Wagh Salunkhe Thorat Mane Nikam Ghorpade Dhamdhere Khedekar Ramaswamy Gopalan Natarajan
  Balasubramaniam Raghavan Seshadri Rangarajan Vaidyanathan Parthasarathy Kannan Dasgupta Sengupta
  Guha Nandi Basu Chanda Kar Pyne Sanyal Bagchi
`);

/** Cities for the `city` attribute. */
export const CITIES = words(`
  Pune Mumbai Delhi Bengaluru Chennai Kolkata Hyderabad Ahmedabad Jaipur Lucknow Kochi Indore Nagpur
  Surat Bhopal Patna Guwahati Chandigarh Mysuru Goa
`);

/** Values of the `tier` dropdown attribute. */
export const TIERS = ['Gold', 'Silver', 'Bronze'];

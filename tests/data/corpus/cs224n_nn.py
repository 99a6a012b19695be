# Source: Stanford CS224N, "CS224N: PyTorch Tutorial (Winter '22)" notebook by Dilara Soylu and Ethan Chi, as kept in https://github.com/1170300504/CS224n-Winter-2022
# File: CS224N_PyTorch_Tutorial.ipynb, sections "Neural Network Module" and "Optimization" (synthetic data made with torch.randn)
# Commit: 284e71758ca2635e605f337edf9d06b95cf37c93
# License: not stated (Stanford course material)
# Changes: the notebook's first code cell (its imports: torch, torch.nn, pprint) put before the section's code cells, concatenated in order; nothing dropped
import torch
import torch.nn as nn

# Import pprint, module we use for making our print statements prettier
import pprint

pp = pprint.PrettyPrinter()

# import torch.nn as nn
from torch import nn

# Create the inputs
input = torch.ones(2, 3, 4)
# N* H_in -> N*H_out


# Make a linear layers transforming N,*,H_in dimensinal inputs to N,*,H_out
# dimensional outputs
linear = nn.Linear(4, 2)
linear_output = linear(input)
linear_output

list(linear.parameters())  # Ax + b
# bias has shape (output_dim,)

linear_output

sigmoid = nn.Sigmoid()
output = sigmoid(linear_output)
pp.pprint(output)

relu = nn.ReLU()
output1 = relu(linear_output)
pp.pprint(output1)

leakyRelu = nn.LeakyReLU()
output2 = leakyRelu(linear_output)
pp.pprint(output2)

block = nn.Sequential(
    nn.Linear(4, 2),
    nn.Sigmoid()
)

input = torch.ones(2, 3, 4)
output = block(input)
output

class MultilayerPerceptron(nn.Module):
    def __init__(self, input_size, hidden_size):
        # Call to the __init__ function of the super class
        super(MultilayerPerceptron, self).__init__()

        # Bookkeeping: Saving the initialization parameters
        self.input_size = input_size
        self.hidden_size = hidden_size

        # Definition of our model
        # There is not anything specific about the naming of `self.model`.
        # It could be something arbitrary.
        self.model = nn.Sequential(
            # nn.Linear(input_size, hidden_size),
            nn.Linear(self.input_size, self.hidden_size),
            nn.ReLU(),
            # nn.Linear(hidden_size, input_size),
            nn.Linear(self.hidden_size, self.input_size),
            nn.Sigmoid()
        )

    def forward(self, x):
        # All classes extending `nn.Module` are expected to implement this.
        output = self.model(x)
        return output

# Replace `nn.Sequential` by defining the individual layers in the `__init__` method and connecting them in the `forward` method.
class MultilayerPerceptron(nn.Module):
    def __init__(self, input_size, hidden_size):
        # Call to the __init__ function of the super class
        super(MultilayerPerceptron, self).__init__()

        # Bookkeeping: Saving the initialization parameters
        self.input_size = input_size
        self.hidden_size = hidden_size

        # Definition of our layers
        self.linear = nn.Linear(self.input_size, self.hidden_size)
        self.relu = nn.ReLU()
        self.linear2 = nn.Linear(self.hidden_size, self.input_size)
        self.sigmoid = nn.Sigmoid()

    def forward(self, x):
        linear = self.linear(x)
        relu = self.relu(linear)
        linear2 = self.linear2(relu)
        output = self.sigmoid(linear2)
        return output

# Make a sample input
input = torch.randn(2, 5)  # (N, *, input_size)

# Create our model
model = MultilayerPerceptron(5, 3)  # (input_size, hidden_size)

# Pass our input through our model
model(input)

list(model.named_parameters())

# import torch.optim as optim
from torch import optim

# Create the y data
y = torch.ones(10, 5)

# Add some noise to our goal y to generate our x
# We want our model to predict our original data, albeit the noise
x = y + torch.randn_like(y)
x

# Instantiate the model
model = MultilayerPerceptron(5, 3)

# Define the optimizer, passing our model parameters to the optimizer using method `.parameters()` and setting the learning rate.
adam = optim.Adam(model.parameters(), lr=1e-1)

# Define loss using a predefined loss function
loss_function = nn.BCELoss()  # Binary Cross Entropy.

# Calculate how our model is doing now
y_pred = model(x)
loss_function(y_pred, y).item()

# Set the number of epoch, which determines the number of training iterations
n_epoch = 10

for epoch in range(n_epoch):
    # Set the gradients to 0
    adam.zero_grad()  # optimizer.zero_grad()

    # Get the model predictions
    y_pred = model(x)

    # Get the loss
    loss = loss_function(y_pred, y)  # Pass y_hat and y to the loss function.

    # Print statistics
    print(f"Epoch {epoch}: training loss: {loss}")

    # Compute the gradients
    loss.backward()  # Call `backward()` function to calculate the gradients.

    # Take a step to optimize the weights
    adam.step()  # Call optimizer.step() to perform gradient descent.

list(model.parameters())

# See how our model performs on the training data
y_pred = model(x)
y_pred

# Create test data and check how our model performs on it
x2 = y + torch.randn_like(y)
y_pred = model(x2)
y_pred

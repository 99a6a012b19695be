# Source: Stanford CS224N, "CS224N: PyTorch Tutorial (Winter '22)" notebook by Dilara Soylu and Ethan Chi, as kept in https://github.com/1170300504/CS224n-Winter-2022
# File: CS224N_PyTorch_Tutorial.ipynb, section "Demo: Word Window Classification" (a toy corpus of five sentences written in the notebook)
# Commit: 284e71758ca2635e605f337edf9d06b95cf37c93
# License: not stated (Stanford course material)
# Changes: the notebook's first code cell (its imports: torch, torch.nn, pprint) put before the section's code cells, concatenated in order; nothing dropped
import torch
import torch.nn as nn

# Import pprint, module we use for making our print statements prettier
import pprint

pp = pprint.PrettyPrinter()

# Our raw data, which consists of sentences
corpus = [
    "We always come to Paris",
    "The professor is from Australia",
    "I live in Stanford",
    "He comes from China",
    "The capital of Turkey is Ankara"
]

# The preprocessing function we will use to generate our training examples
# Our function is a simple one, we lowercase the letters
# and then tokenize the words.
def preprocess_sentence(sentence):
    return sentence.lower().split()


# Create our training set
train_sentences = [preprocess_sentence(sent) for sent in corpus]
train_sentences

# Set of locations that appear in our corpus
locations = set(["australia", "ankara", "paris", "stanford", "china", "turkey"])

# Our train labels
train_labels = [[1 if word in locations else 0 for word in sent] for sent in train_sentences]
train_labels

# Find all the unique words in our corpus
vocabulary = set(w for s in train_sentences for w in s)  # For loops in list comprehensions are always in nested order.
vocabulary

# Add the unknown token to our vocabulary
vocabulary.add("<unk>")
vocabulary

# Add the <pad> token to our vocabulary
vocabulary.add("<pad>")


# Function that pads the given sentence
# We are introducing this function here as an example
# We will be utilizing it later in the tutorial
def pad_window(sentence, window_size, pad_token="<pad>"):
    window = [pad_token] * window_size
    return window + sentence + window  # '<pad>' * window_size + <sent> + '<pad>' * window_size


# Show padding example
window_size = 2
pad_window(train_sentences[0], window_size=window_size)

# We are just converting our vocabulary to a list to be able to index into it
# Sorting is not necessary, we sort to show an ordered word_to_ind dictionary
# That being said, we will see that having the index for the padding token
# be 0 is convenient as some PyTorch functions use it as a default value
# such as nn.utils.rnn.pad_sequence, which we will cover in a bit
ix_to_word = sorted(list(vocabulary))  # `vocabulary` is a set!

# Creating a dictionary to find the index of a given word
word_to_ix = {word: ind for ind, word in enumerate(ix_to_word)}
word_to_ix

ix_to_word[1]

# Given a sentence of tokens, return the corresponding indices
def convert_token_to_indices(sentence, word_to_ix):
    """
    This function converts token to indices.
    :param sentence: A list of words.
    :param word_to_ix: A dict consisting of (word, idx) pairs.
    :return: A list of indices.
    """
    indices = []  # Initialize the list.
    for token in sentence:
        # Check if the token is in our vocabulary. If it is, get its index.
        # If not, get the index of the <unk> token.
        if token in word_to_ix:
            index = word_to_ix[token]
        else:
            index = word_to_ix["<unk>"]
        indices.append(index)
    return indices


# A more compact version of the same function.
def _convert_token_to_indices(sentence, word_to_ix):
    return [word_to_ix.get(token, word_to_ix["<unk>"]) for token in sentence]


# Show an example
example_sentence = ["we", "always", "come", "to", "kuwait"]
example_indices = _convert_token_to_indices(example_sentence, word_to_ix)
restored_example = [ix_to_word[ind] for ind in example_indices]

print(f"Original sentence is: {example_sentence}")
print(f"Going from words to indices: {example_indices}")
print(f"Going from indices to words: {restored_example}")

# Converting our sentences to indices
example_padded_indices = [convert_token_to_indices(s, word_to_ix) for s in train_sentences]
example_padded_indices

# Creating an embedding table for our words
embedding_dim = 5
# `nn.Embedding(num_words, embedding_dimension)` creates a trainable N*E dimensional tensor (backpropagated).
embeds = nn.Embedding(len(vocabulary), embedding_dim)

# Printing the parameters in our embedding table
list(embeds.parameters())

# Get the embedding for the word Paris
index = word_to_ix["paris"]
index_tensor = torch.tensor(index, dtype=torch.long)  # `nn.Embedding` class expects an indices tensor of type Long!
paris_embed = embeds(index_tensor)
paris_embed

# We can also get multiple embeddings at once
index_paris = word_to_ix["paris"]
index_ankara = word_to_ix["ankara"]
indices = [index_paris, index_ankara]
indices_tensor = torch.tensor(indices, dtype=torch.long)
embeddings = embeds(indices_tensor)  # Indices tensor of type Long.
embeddings

from torch.utils.data import DataLoader
from functools import partial


# Write custom function to pass to the `collate_fn` parameter in order to print statistics about our batch or perform extra processing!
def custom_collate_fn(batch, window_size, word_to_ix):
    """
    This function window-pads our training sentences, converts the words in the
    training examples to indices, and pads the training examples to the same length.
    """
    # Break our batch into the training examples (x) and labels (y)
    # We are turning our x and y into tensors because nn.utils.rnn.pad_sequence
    # method expects tensors. This is also useful since our model will be
    # expecting tensor inputs.

    # `*` unpacks in the first dimension, i.e. breaks a batch into individual examples (words + labels).
    x, y = zip(*batch)

    # x is a list of sentences in the batch (plain text).
    # y is a list of labels in the batch (0s and 1s).

    # Now we need to window pad our training examples. We have already defined a
    # function to handle window padding. We are including it here again so that
    # everything is in one place.
    def pad_window(sentence, window_size, pad_token="<pad>"):
        window = [pad_token] * window_size
        return window + sentence + window

    # Pad the training examples.
    x = [pad_window(s, window_size=window_size) for s in x]  # Apply pad_window() on each sentence.

    # Now we need to turn words in our training examples to indices. We are
    # copying the function defined earlier for the same reason as above.
    def convert_tokens_to_indices(sentence, word_to_ix):
        return [word_to_ix.get(token, word_to_ix['<unk>']) for token in sentence]

    # Convert the training examples into indices.
    x = [convert_tokens_to_indices(s, word_to_ix) for s in x]  # Apply convert_tokens_to_indices() on each sentence.

    # We will now pad the examples so that the lengths of all the examples in
    # one batch are the same, making it possible to do matrix operations.
    # We set the `batch_first` parameter to True so that the returned matrix
    # has the batch as its first dimension.
    pad_token_ix = word_to_ix["<pad>"]  # Get the index of '<pad>'.

    # pad_sequence function expects the input to be a tensor, so we turn x into one
    x = [torch.LongTensor(x_i) for x_i in x]
    x_padded = nn.utils.rnn.pad_sequence(x, batch_first=True, padding_value=pad_token_ix)

    # We will also pad the labels. Before doing so, we will record the number
    # of labels so that we know how many words existed in each example.
    lengths = [len(label) for label in y]  # `label` is a list of labels of a single sentence.
    lengths = torch.LongTensor(lengths)  # Converts to LongTensor.

    y = [torch.LongTensor(y_i) for y_i in y]  # y_i is a list of labels of a single sentence.
    y_padded = nn.utils.rnn.pad_sequence(y, batch_first=True, padding_value=0)  # Pad with value 0.

    # We are now ready to return our variables. The order we return our variables
    # here will match the order we read them in our training loop.
    return x_padded, y_padded, lengths

def _custom_collate_fn(batch, window_size, word_to_ix):
    # Prepare the datapoints
    x, y = zip(*batch)
    x = [pad_window(s, window_size=window_size) for s in x]
    x = [convert_token_to_indices(s, word_to_ix) for s in x]

    # Pad x so that all the examples in the batch have the same size
    pad_token_ix = word_to_ix['<pad>']
    x = [torch.LongTensor(x_i) for x_i in x]
    x_padded = nn.utils.rnn.pad_sequence(x, batch_first=True, padding_value=pad_token_ix)

    # Pad y and record the length
    lengths = [len(label) for label in y]
    lengths = torch.LongTensor(lengths)
    y = [torch.LongTensor(y_i) for y_i in y]
    y_padded = nn.utils.rnn.pad_sequence(y, batch_first=True, padding_value=0)

    # Return the variable in the order we would read them in the training loop.
    return x_padded, y_padded, lengths

# Parameters to be passed to the DataLoader
data = list(zip(train_sentences, train_labels))  # Pack sentences with their labels.
batch_size = 2
shuffle = True
window_size = 2
collate_fn = partial(custom_collate_fn, window_size=window_size, word_to_ix=word_to_ix)

# Instantiate the DataLoader
loader = DataLoader(data, batch_size=batch_size, shuffle=shuffle, collate_fn=collate_fn)

# Go through one loop
counter = 0  # Loop counter counts # iterations.
for batched_x, batched_y, batched_lengths in loader:
    print(f"Iteration {counter}")
    print("Batched Input:")
    print(batched_x)
    print("Batched Labels:")
    print(batched_y)
    print("Batched Lengths:")  # Number of labels of sentences in the batch.
    print(batched_lengths)
    print()
    counter += 1

# Print the original tensor
print("Original Tensor: ")
print(batched_x)  # (1, 8)
print()

# Create the 2 * 2 + 1 chunks
chunk = batched_x.unfold(1, window_size * 2 + 1, 1)  # unfold(dimension, size, step), along dimension 1!
print("Windows: ")
print(chunk)

class WordWindowClassifier(nn.Module):

    def __init__(self, hyperparameters, vocab_size, pad_ix=0):
        super(WordWindowClassifier, self).__init__()

        # Instance variables
        self.window_size = hyperparameters["window_size"]
        self.embed_dim = hyperparameters["embed_dim"]
        self.hidden_dim = hyperparameters["hidden_dim"]
        self.freeze_embeddings = hyperparameters["freeze_embeddings"]

        """ Embedding Layer
        Takes a tensor containing embedding indices as input, and returns
        the corresponding embeddings. The output is of dimension (number_of_indices, embedding_dim)

        If freeze_embeddings is True, set the embedding layer paramters to be
        non-trainable. This is useful if we only want the parameters other than the
        embeddings parameters to change.
        """
        self.embed_layer = nn.Embedding(vocab_size, self.embed_dim,
                                        padding_idx=pad_ix)  # (number_of_words, embedding_dim), entries at `padding_idx` do not contribute to the gradient.
        if self.freeze_embeddings:
            self.embed_layer.weight.requires_grad = False

        # Hidden Layer
        full_window_size = 2 * window_size + 1
        self.hidden_layer = nn.Sequential(
            nn.Linear(full_window_size * self.embed_dim, self.hidden_dim),
            nn.Tanh()
        )

        # Output Layer
        self.output_layer = nn.Linear(self.hidden_dim, 1)

        # Probabilities
        self.probabilities = nn.Sigmoid()

    def forward(self, inputs):
        """
        Let B := batch_size
            L := window-padded sentence length
            D := self.embed_dim
            S := self.window_size
            H := self.hidden_dim

        inputs: a (B, L) tensor of token indices
        """
        B, L = inputs.size()  # batch_size, padded_sentence_length

        """
        Reshaping.
        Takes in a (B, L) LongTensor
        Outputs a (B, L~, S) LongTensor
        """
        # First, get our word windows for each word in our input.
        token_windows = inputs.unfold(1, 2 * self.window_size + 1, 1)
        _, adjusted_length, _ = token_windows.size()  # Number of windows in a sentence.

        # Good idea to do internal tensor-size sanity checks, at least in comments!
        assert token_windows.size() == (B, adjusted_length, 2 * self.window_size + 1)

        """
        Embedding.
        Takes in a torch.LongTensor of size (B, L~, S)
        Outputs a (B, L~, S, D) FloatTensor.
        """
        embedded_windows = self.embed_layer(token_windows)  # Look up the embeddings.

        """
        Reshaping.
        Takes in a (B, L~, S, D) FloatTensor.
        Resizes it into a (B, L~, S*D) FloatTensor.
        -1 argument "infers" what the last dimension should be based on leftover axes.
        """
        # Concatenate the embeddings of word windows into one dimension.
        embedded_windows = embedded_windows.view(B, adjusted_length, -1)

        """
        Layer 1.
        Takes in a (B, L~, S*D) FloatTensor.
        Resizes it into a (B, L~, H) FloatTensor
        """
        layer_1 = self.hidden_layer(embedded_windows)

        """
        Layer 2
        Takes in a (B, L~, H) FloatTensor.
        Resizes it into a (B, L~, 1) FloatTensor.
        """
        layer_2 = self.output_layer(layer_1)

        """
        Sigmoid
        Takes in a (B, L~, 1) FloatTensor of un-normalized class scores.
        Outputs a (B, L~, 1) FloatTensor of (log-)normalized class scores.
        """
        output = self.probabilities(layer_2).view(B, -1)  # Remove the extra dimension -> (B, L~)

        return output

# Prepare the data
data = list(zip(train_sentences, train_labels))
batch_size = 2
shuffle = True
window_size = 2
collate_fn = partial(custom_collate_fn, window_size=window_size, word_to_ix=word_to_ix)

# Instantiate a DataLoader
loader = DataLoader(data, batch_size=batch_size, shuffle=shuffle, collate_fn=collate_fn)

# Initialize a model
# It is useful to put all the model hyperparameters in a dictionary
model_hyperparameters = {
    "batch_size": 4,
    "window_size": 2,
    "embed_dim": 25,
    "hidden_dim": 25,
    "freeze_embeddings": False
}

vocab_size = len(word_to_ix)
model = WordWindowClassifier(model_hyperparameters, vocab_size)

# Define an optimizer
lr = 0.01
optimizer = torch.optim.SGD(model.parameters(), lr=lr)


# Define a loss function, which computes binary cross entropy loss.
def loss_function(batch_outputs, batch_labels, batch_lengths):
    # Calculate the loss for the whole batch
    bceloss = nn.BCELoss()
    loss = bceloss(batch_outputs, batch_labels.float())

    # Rescale the loss. Remember that we have used lengths to store the 
    # number of words in each training example
    loss /= batch_lengths.sum().float()  # `loss` is the loss for a whole batch!

    return loss

# Function that will be called in every epoch
def train_epoch(loss_function, optimizer, model, loader):
    # Keep track of the total loss for the batch
    epoch_loss = 0
    for batch_inputs, batch_labels, batch_lengths in loader:
        # Clear the gradients
        optimizer.zero_grad()
        # Run a forward pass
        output = model.forward(batch_inputs)
        # Compute the batch loss
        loss = loss_function(output, batch_labels, batch_lengths)  # `batch_labels` contains the ground truth.
        # Calculate the gradients
        loss.backward()
        # Update the parameters
        optimizer.step()
        epoch_loss += loss.item()

    return epoch_loss


# Function containing our main training loop
def train(loss_function, optimizer, model, loader, num_epochs=10000):
    # Iterate through each epoch and call the `train_epoch` function.
    for epoch in range(num_epochs):
        epoch_loss = train_epoch(loss_function, optimizer, model, loader)
        if epoch % 100 == 0:
            print(epoch_loss)

num_epochs = 1000
train(loss_function, optimizer, model, loader, num_epochs=num_epochs)

# Create test sentences
test_corpus = ["She comes from Illinois"]
test_sentence = [s.lower().split() for s in test_corpus]
test_labels = [[0, 0, 0, 1]]

# Create a test loader
test_data = list(zip(test_sentence, test_labels))
batch_size = 1
shuffle = False
window_size = 2
collate_fn = partial(custom_collate_fn, window_size=window_size, word_to_ix=word_to_ix)
test_loader = torch.utils.data.DataLoader(test_data, batch_size=batch_size, shuffle=shuffle, collate_fn=collate_fn)

for test_instance, labels, _ in test_loader:
    prediction = model.forward(test_instance)
    print(labels)
    print(prediction)  # "Illinois" has a very high score!
